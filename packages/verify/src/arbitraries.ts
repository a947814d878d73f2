// The spec model's generators of valid and invalid values (`@merchant-payments/spec/internal`, bundled into verify):
// verify's modules import them from here.
export {
  invalidArbitrary,
  type Mutation,
  mutationsOf,
  validArbitrary,
} from "@merchant-payments/spec/internal";
