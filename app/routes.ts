import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/category.tsx", { id: "all-products" }),
  route("category/:category/:subcategory?", "routes/category.tsx", { id: "category" }),
  route("product/:id?", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("cart", "routes/cart.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
