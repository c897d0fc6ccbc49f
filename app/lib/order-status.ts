import { useQuery } from "@tanstack/react-query";
import type { OrderStatusAnswer } from "../../server/orders/order-status-types";
import { apiRequest } from "./api";

const POLL_MS = 2000;
const MAX_POLLS = 30;

/** The order behind a payment; polled while it still waits for the payment to settle. */
export function useOrderStatus(paymentIntentId: string | null) {
  return useQuery({
    queryKey: [`/api/order-status/${paymentIntentId}`],
    queryFn: () => apiRequest<OrderStatusAnswer>("GET", `/api/order-status/${encodeURIComponent(paymentIntentId!)}`),
    enabled: Boolean(paymentIntentId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.order.status === "pending" && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false),
  });
}
