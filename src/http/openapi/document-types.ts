/** The parts of an OpenAPI 3.1 document the transforms read and write (loosely typed: it is JSON). */
export type JsonSchema = Record<string, unknown>;

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface Response {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string; example?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  security?: Record<string, string[]>[];
  responses?: Record<string, Response>;
  [extension: `x-${string}`]: unknown;
}

export type PathItem = Record<string, Operation>;

export interface Tag {
  name: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; contact?: { name?: string; url?: string; email?: string } };
  servers?: { url: string; description?: string; variables?: Record<string, { default: string; description?: string }> }[];
  tags?: Tag[];
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
  security?: Record<string, string[]>[];
}
