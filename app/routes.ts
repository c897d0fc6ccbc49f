import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/category.tsx", { id: "all-products" }),
  route("category/:category/:subcategory?", "routes/category.tsx", { id: "category" }),
  route("product/:id?", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/authenticate", "routes/checkout-authenticate.tsx"),
  route("checkout/success", "routes/checkout-success.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
