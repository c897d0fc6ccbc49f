import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/category.tsx", { id: "all-products" }),
  route("category/:category/:subcategory?", "routes/category.tsx", { id: "category" }),
  route("vsop", "routes/vsop.tsx"),
  route("product/:id?", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/authenticate", "routes/checkout-authenticate.tsx"),
  route("checkout/success", "routes/checkout-success.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("account", "routes/account.tsx", { id: "account" }),
  route("account/orders", "routes/account.tsx", { id: "account-orders" }),
  route("account/orders/:orderNumber", "routes/account-order.tsx"),
  route("admin/orders", "routes/admin-orders.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
