/**
 * A fetch that answers at once with 200 and the given JSON text, without touching the network or
 * reading the request; a new Response per call, as a real fetch would return.
 */
export function stubFetch(
  answer: string,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  return async () =>
    new Response(answer, { status: 200, headers: { "content-type": "application/json" } });
}
