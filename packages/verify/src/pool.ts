// The workspace's one bounded-concurrency map (`@merchant-payments/kit`, bundled into verify).
export { mapLimit } from "@merchant-payments/kit";
