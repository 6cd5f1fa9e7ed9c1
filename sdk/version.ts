declare const __PROCURA_VERSION__: string;

/**
 * The version of this SDK, written in when it is built.
 *
 * @example
 * console.log(`procura ${VERSION}`);
 */
export const VERSION: string = __PROCURA_VERSION__;
