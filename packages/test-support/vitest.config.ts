import { testConfig } from "./src/vitest-preset.js";

export default testConfig();
