/** Absolute path of the folder holding the built-in variants and edition presets. */
export declare const variantsDir: string;
