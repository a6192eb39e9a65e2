export declare const ROUTE_PAGES: Record<string, string>;
export declare const JS_BUDGETS: Record<string, number>;
export declare function firstLoadSizes(distDir: string): Array<{ route: string; jsGzip: number; cssGzip: number }>;
