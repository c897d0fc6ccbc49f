import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { apiRequest } from "./api";
import { onSessionChange } from "./session";

/** SPEC §9 caching: data is fresh for 5 minutes, kept 10, never retried, not refetched on focus or mount. */
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        queryFn: ({ queryKey }) => apiRequest("GET", String(queryKey[0])),
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client for the browser's whole visit, so answers are shared between pages; a new one for each server render. */
function queryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  if (!browserClient) {
    const client = createQueryClient();
    onSessionChange(() => void client.invalidateQueries());
    browserClient = client;
  }
  return browserClient;
}

/**
 * React Query for what is inside: the pages and dialogs that query or poll in the browser (the home page's lists, the
 * order status, the style assistant) wrap themselves in this, so the pages that don't never load it (decision 0023).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
