/** The API's version, shown in the OpenAPI document and by the CLI. */
export const API_VERSION = '0.1.0';
