/** Query parameter names whose values are secrets (lower case). */
export declare const SECRET_QUERY_PARAMETERS: readonly string[];
/** A query string (without its `?`) with the values of its secret parameters replaced by `[REDACTED]`. */
export declare function redactQuery(query: string): string;
/** The URL with the values of its secret-bearing query parameters replaced by `[REDACTED]`. */
export declare function redactUrl(url: string): string;
/** Any text with the value of every secret query parameter it holds replaced by `[REDACTED]`. */
export declare function redactSecretsInText(text: string): string;
