// The workspace's one bounded-concurrency map (`@merchant-payments/spec/internal`, bundled into verify).
export { mapLimit } from "@merchant-payments/spec/internal";
