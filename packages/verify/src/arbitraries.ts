// The workspace kit's generators of valid and invalid values (`@merchant-payments/kit`, bundled into verify):
// verify's modules import them from here.
export {
  invalidArbitrary,
  type Mutation,
  mutationsOf,
  validArbitrary,
} from "@merchant-payments/kit";
