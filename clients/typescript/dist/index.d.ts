/*! openapi-fetch 0.17.0

MIT License

Copyright (c) 2023 Drew Powers

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
/*! openapi-typescript-helpers 0.1.0

MIT License

Copyright (c) 2023 Drew Powers

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | "2XX";
type ErrorStatus = 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511 | "5XX" | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 444 | 450 | 451 | 497 | 498 | 499 | "4XX" | "default";
type PathsWithMethod<Paths extends {}, PathnameMethod extends HttpMethod> = {
	[Pathname in keyof Paths]: Paths[Pathname] extends {
		[K in PathnameMethod]: any;
	} ? Pathname : never;
}[keyof Paths];
type ResponseObjectMap<T> = T extends {
	responses: any;
} ? T["responses"] : unknown;
type ResponseContent<T> = T extends {
	content: any;
} ? T["content"] : unknown;
type OperationRequestBody<T> = "requestBody" extends keyof T ? T["requestBody"] : never;
type PickRequestBody<T> = "requestBody" extends keyof T ? Pick<T, "requestBody"> : never;
type IsOperationRequestBodyOptional<T> = RequiredKeysOf<PickRequestBody<T>> extends never ? true : false;
type OperationRequestBodyMediaContent<T> = IsOperationRequestBodyOptional<T> extends true ? ResponseContent<NonNullable<OperationRequestBody<T>>> | undefined : ResponseContent<OperationRequestBody<T>>;
type OperationRequestBodyContent<T> = FilterKeys<OperationRequestBodyMediaContent<T>, MediaType> extends never ? FilterKeys<NonNullable<OperationRequestBodyMediaContent<T>>, MediaType> | undefined : FilterKeys<OperationRequestBodyMediaContent<T>, MediaType>;
type SuccessResponse<T extends Record<string | number, any>, Media extends MediaType = MediaType> = GetResponseContent<T, Media, OkStatus>;
type GetResponseContent<T extends Record<string | number, any>, Media extends MediaType = MediaType, ResponseCode extends keyof T = keyof T> = ResponseCode extends keyof T ? {
	[K in ResponseCode]: T[K]["content"] extends Record<string, any> ? FilterKeys<T[K]["content"], Media> extends never ? T[K]["content"] : FilterKeys<T[K]["content"], Media> : K extends keyof T ? T[K]["content"] : never;
}[ResponseCode] : never;
type ErrorResponse<T extends Record<string | number, any>, Media extends MediaType = MediaType> = GetResponseContent<T, Media, ErrorStatus>;
type FilterKeys<Obj, Matchers> = Obj[keyof Obj & Matchers];
type MediaType = `${string}/${string}`;
type RequiredKeysOfHelper<T> = {
	[K in keyof T]: {} extends Pick<T, K> ? never : K;
}[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type $Read<T> = {
	readonly $read: T;
};
type $Write<T> = {
	readonly $write: T;
};
type Readable<T> = T extends $Write<any> ? never : T extends $Read<infer U> ? Readable<U> : T extends (infer E)[] ? Readable<E>[] : T extends object ? {
	[K in keyof T as NonNullable<T[K]> extends $Write<any> ? never : K]: Readable<T[K]>;
} : T;
type Writable<T> = T extends $Read<any> ? never : T extends $Write<infer U> ? Writable<U> : T extends (infer E)[] ? Writable<E>[] : T extends object ? {
	[K in keyof T as NonNullable<T[K]> extends $Read<any> ? never : K]: Writable<T[K]>;
} & {
	[K in keyof T as NonNullable<T[K]> extends $Read<any> ? K : never]?: never;
} : T;
/** Options for each client instance */
export interface ClientOptions extends Omit<RequestInit, "headers"> {
	/** set the common root URL for all API requests */
	baseUrl?: string;
	/** custom fetch (defaults to globalThis.fetch) */
	fetch?: (input: Request) => Promise<Response>;
	/** custom Request (defaults to globalThis.Request) */
	Request?: typeof Request;
	/** global querySerializer */
	querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
	/** global bodySerializer */
	bodySerializer?: BodySerializer<unknown>;
	/** global pathSerializer */
	pathSerializer?: PathSerializer;
	headers?: HeadersOptions;
	/** RequestInit extension object to pass as 2nd argument to fetch when supported (defaults to undefined) */
	requestInitExt?: Record<string, unknown>;
}
type HeadersOptions = Required<RequestInit>["headers"] | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;
type QuerySerializer<T> = (query: T extends {
	parameters: any;
} ? NonNullable<T["parameters"]["query"]> : Record<string, unknown>) => string;
type QuerySerializerOptions = {
	/** Set serialization for arrays. @see https://swagger.io/docs/specification/serialization/#query */
	array?: {
		/** default: "form" */
		style: "form" | "spaceDelimited" | "pipeDelimited";
		/** default: true */
		explode: boolean;
	};
	/** Set serialization for objects. @see https://swagger.io/docs/specification/serialization/#query */
	object?: {
		/** default: "deepObject" */
		style: "form" | "deepObject";
		/** default: true */
		explode: boolean;
	};
	/**
	 * The `allowReserved` keyword specifies whether the reserved characters
	 * `:/?#[]@!$&'()*+,;=` in parameter values are allowed to be sent as they
	 * are, or should be percent-encoded. By default, allowReserved is `false`,
	 * and reserved characters are percent-encoded.
	 * @see https://swagger.io/docs/specification/serialization/#query
	 */
	allowReserved?: boolean;
};
type BodySerializer<T> = (body: OperationRequestBodyContent<T>) => any;
type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;
type BodyType<T = unknown> = {
	json: T;
	text: Awaited<ReturnType<Response["text"]>>;
	blob: Awaited<ReturnType<Response["blob"]>>;
	arrayBuffer: Awaited<ReturnType<Response["arrayBuffer"]>>;
	stream: Response["body"];
};
type ParseAs = keyof BodyType;
type ParseAsResponse<T, Options> = Options extends {
	parseAs: ParseAs;
} ? BodyType<T>[Options["parseAs"]] : T;
interface DefaultParamsOption {
	params?: {
		query?: Record<string, unknown>;
	};
}
type ParamsOption<T> = T extends {
	parameters: any;
} ? RequiredKeysOf<T["parameters"]> extends never ? {
	params?: T["parameters"];
} : {
	params: T["parameters"];
} : DefaultParamsOption;
type RequestBodyOption<T> = Writable<OperationRequestBodyContent<T>> extends never ? {
	body?: never;
} : IsOperationRequestBodyOptional<T> extends true ? {
	body?: Writable<OperationRequestBodyContent<T>>;
} : {
	body: Writable<OperationRequestBodyContent<T>>;
};
type FetchOptions<T> = RequestOptions<T> & Omit<RequestInit, "body" | "headers">;
type FetchResponse<T extends Record<string | number, any>, Options, Media extends MediaType> = {
	data: ParseAsResponse<Readable<SuccessResponse<ResponseObjectMap<T>, Media>>, Options>;
	error?: never;
	response: Response;
} | {
	data?: never;
	error: Readable<ErrorResponse<ResponseObjectMap<T>, Media>>;
	response: Response;
};
type RequestOptions<T> = ParamsOption<T> & RequestBodyOption<T> & {
	baseUrl?: string;
	querySerializer?: QuerySerializer<T> | QuerySerializerOptions;
	bodySerializer?: BodySerializer<T>;
	pathSerializer?: PathSerializer;
	parseAs?: ParseAs;
	fetch?: ClientOptions["fetch"];
	headers?: HeadersOptions;
	middleware?: Middleware[];
};
type MergedOptions<T = unknown> = {
	baseUrl: string;
	parseAs: ParseAs;
	querySerializer: QuerySerializer<T>;
	bodySerializer: BodySerializer<T>;
	pathSerializer: PathSerializer;
	fetch: typeof globalThis.fetch;
};
interface MiddlewareRequestParams {
	query?: Record<string, unknown>;
	header?: Record<string, unknown>;
	path?: Record<string, unknown>;
	cookie?: Record<string, unknown>;
}
interface MiddlewareCallbackParams {
	/** Current Request object */
	request: Request;
	/** The original OpenAPI schema path (including curly braces) */
	readonly schemaPath: string;
	/** OpenAPI parameters as provided from openapi-fetch */
	readonly params: MiddlewareRequestParams;
	/** Unique ID for this request */
	readonly id: string;
	/** createClient options (read-only) */
	readonly options: MergedOptions;
}
type MiddlewareOnRequest = (options: MiddlewareCallbackParams) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
type MiddlewareOnResponse = (options: MiddlewareCallbackParams & {
	response: Response;
}) => void | Response | undefined | Promise<Response | undefined | void>;
type MiddlewareOnError = (options: MiddlewareCallbackParams & {
	error: unknown;
}) => void | Response | Error | Promise<void | Response | Error>;
export type Middleware = {
	onRequest: MiddlewareOnRequest;
	onResponse?: MiddlewareOnResponse;
	onError?: MiddlewareOnError;
} | {
	onRequest?: MiddlewareOnRequest;
	onResponse: MiddlewareOnResponse;
	onError?: MiddlewareOnError;
} | {
	onRequest?: MiddlewareOnRequest;
	onResponse?: MiddlewareOnResponse;
	onError: MiddlewareOnError;
};
type MaybeOptionalInit<Params, Location extends keyof Params> = RequiredKeysOf<FetchOptions<FilterKeys<Params, Location>>> extends never ? FetchOptions<FilterKeys<Params, Location>> | undefined : FetchOptions<FilterKeys<Params, Location>>;
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [
	(Init & {
		[key: string]: unknown;
	})?
] : [
	Init & {
		[key: string]: unknown;
	}
];
type ClientMethod<Paths extends Record<string, Record<HttpMethod, {}>>, Method extends HttpMethod, Media extends MediaType> = <Path extends PathsWithMethod<Paths, Method>, Init extends MaybeOptionalInit<Paths[Path], Method>>(url: Path, ...init: InitParam<Init>) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;
type ClientRequestMethod<Paths extends Record<string, Record<HttpMethod, {}>>, Media extends MediaType> = <Method extends HttpMethod, Path extends PathsWithMethod<Paths, Method>, Init extends MaybeOptionalInit<Paths[Path], Method>>(method: Method, url: Path, ...init: InitParam<Init>) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;
interface Client<Paths extends {}, Media extends MediaType = MediaType> {
	request: ClientRequestMethod<Paths, Media>;
	/** Call a GET endpoint */
	GET: ClientMethod<Paths, "get", Media>;
	/** Call a PUT endpoint */
	PUT: ClientMethod<Paths, "put", Media>;
	/** Call a POST endpoint */
	POST: ClientMethod<Paths, "post", Media>;
	/** Call a DELETE endpoint */
	DELETE: ClientMethod<Paths, "delete", Media>;
	/** Call a OPTIONS endpoint */
	OPTIONS: ClientMethod<Paths, "options", Media>;
	/** Call a HEAD endpoint */
	HEAD: ClientMethod<Paths, "head", Media>;
	/** Call a PATCH endpoint */
	PATCH: ClientMethod<Paths, "patch", Media>;
	/** Call a TRACE endpoint */
	TRACE: ClientMethod<Paths, "trace", Media>;
	/** Register middleware */
	use(...middleware: Middleware[]): void;
	/** Unregister middleware */
	eject(...middleware: Middleware[]): void;
}
/**
 * This file was auto-generated by openapi-typescript.
 * Do not make direct changes to the file.
 */
export interface paths {
	"/in/{token}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Ingestion URL: GET handshakes (Meta, Dropbox, Okta, X, Trello)
		 * @description Only provider handshakes answer GET; anything else is 405.
		 */
		get: operations["ingest_get"];
		/**
		 * Ingestion URL
		 * @description Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's id, and is neither stored nor forwarded again.
		 */
		put: operations["ingest_put"];
		/**
		 * Ingestion URL
		 * @description Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's id, and is neither stored nor forwarded again.
		 */
		post: operations["ingest_post"];
		delete?: never;
		options?: never;
		/**
		 * Ingestion URL: HEAD handshakes (Meta, Dropbox, Okta, X, Trello)
		 * @description Only provider handshakes answer HEAD; anything else is 405.
		 */
		head: operations["ingest_head"];
		/**
		 * Ingestion URL
		 * @description Stores the request (any content type, up to 5 MiB), verifies it with the Source's provider and forwards it to the Source's destinations. Answers 202 {id} (200 {id} for the providers that accept nothing else: Mailgun, Xero); a duplicate provider event id within 24 h answers the first message's id, and is neither stored nor forwarded again.
		 */
		patch: operations["ingest_patch"];
		trace?: never;
	};
	"/v1/events": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Events */
		get: operations["list_events"];
		put?: never;
		/**
		 * Publish an event
		 * @description Publish an Event: it becomes one Delivery for every enabled endpoint of the
		 *     Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
		 *     empty). Endpoints registered later do not get it; replay the event for them.
		 *
		 *     **Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
		 *     (or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
		 *     (no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
		 *     `data` is checked against it: under `enforce` a mismatch is refused (422, one error per
		 *     violation), under `warn` it is accepted and listed in `schemaErrors`.
		 *
		 *     **201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
		 *     no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
		 *     endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
		 *     GET /v1/events/{event_id}/deliveries.
		 *
		 *     **Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
		 *     again after a timeout. For 24 hours the same key in the same environment answers the Event
		 *     it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
		 *     (the body of the repeat is not compared).
		 *
		 *     **Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
		 *     event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
		 *     not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
		 *     or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`).
		 */
		post: operations["publish_event"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events/{event_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Event */
		get: operations["get_event"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events/{event_id}/deliveries": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Event Deliveries */
		get: operations["list_event_deliveries"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events/{event_id}/payload": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		post?: never;
		/**
		 * Erase Event Payload
		 * @description Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
		 *     show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
		 *     still send it, unless `cancel=true`.
		 */
		delete: operations["erase_event_payload"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events/{event_id}/replay": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/** Replay Event */
		post: operations["replay_event"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/healthz": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Healthz */
		get: operations["healthz"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/readyz": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Readyz
		 * @description 200 while the database answers, with each check (`database`, `temporal`) in
		 *     `checks`; 503 when the database does not, or Temporal does not and
		 *     HOOKLINE_READY_REQUIRES_TEMPORAL is on.
		 */
		get: operations["readyz"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/consumers": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Consumers */
		get: operations["list_consumers"];
		put?: never;
		/**
		 * Create Consumer
		 * @description `contacts`: who hears of its endpoints' failures (failure notices): up to 5
		 *     `emails`, a Slack incoming-webhook `slackUrl`, a Teams workflow `teamsUrl`.
		 */
		post: operations["create_consumer"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/consumers/{ref}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Consumer */
		get: operations["get_consumer"];
		put?: never;
		post?: never;
		/** Delete Consumer */
		delete: operations["delete_consumer"];
		options?: never;
		head?: never;
		/**
		 * Update Consumer
		 * @description Absent fields stay; `contacts: null` tells nobody any more.
		 */
		patch: operations["update_consumer"];
		trace?: never;
	};
	"/v1/event-types": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Event Types */
		get: operations["list_event_types"];
		put?: never;
		/** Create Event Type */
		post: operations["create_event_type"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/event-types/{name}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Event Type */
		get: operations["get_event_type"];
		put?: never;
		post?: never;
		/** Delete Event Type */
		delete: operations["delete_event_type"];
		options?: never;
		head?: never;
		/** Update Event Type */
		patch: operations["update_event_type"];
		trace?: never;
	};
	"/v1/event-types/{name}/schemas": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Schema Versions
		 * @description Every schema the type has had, newest first: a changed schema is a new version.
		 */
		get: operations["list_schema_versions"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/deliveries": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Deliveries
		 * @description Newest first. Each filter is served by an index; an endpoint, destination or
		 *     Consumer of another environment is 404.
		 */
		get: operations["list_deliveries"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/deliveries/{delivery_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Delivery */
		get: operations["get_delivery"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/deliveries/{delivery_id}/attempts": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Delivery Attempts */
		get: operations["list_delivery_attempts"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/deliveries/{delivery_id}/retry": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/** Retry Delivery */
		post: operations["retry_delivery"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/deliveries/{delivery_id}/skip": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Skip Delivery
		 * @description At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
		 *     blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
		 *     when none waits). Anything else is a 409.
		 */
		post: operations["skip_delivery"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Endpoints
		 * @description The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
		 *     filters; an unknown consumer gives an empty list, not 404.
		 */
		get: operations["list_endpoints"];
		put?: never;
		/**
		 * Create Endpoint
		 * @description The secret appears in this response only (and a polling endpoint's poll token). An
		 *     unknown consumer, an unregistered event type, a refused URL, an invalid header, secret
		 *     or rateLimit, or what a polling endpoint cannot have: 422.
		 */
		post: operations["create_endpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Endpoint */
		get: operations["get_endpoint"];
		put?: never;
		post?: never;
		/**
		 * Delete Endpoint
		 * @description Its waiting Deliveries are cancelled; its delivery history stays.
		 */
		delete: operations["delete_endpoint"];
		options?: never;
		head?: never;
		/**
		 * Update Endpoint
		 * @description Absent fields stay; a null rateLimit removes the limit. Disabling cancels the endpoint's waiting Deliveries; enabling resets its consecutive-failure count.
		 */
		patch: operations["update_endpoint"];
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/headers": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		/**
		 * Set Endpoint Headers
		 * @description Replaces all fixed headers ({} removes them); answers the set now in force. Reads
		 *     show credentials (`Authorization`, `X-Api-Key`...) masked: such a masked value sent
		 *     back keeps the stored one.
		 */
		put: operations["set_endpoint_headers"];
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/rotate-secret": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Rotate Endpoint Secret
		 * @description A new key of its scheme (or of `signatureScheme`, or the one given); the previous
		 *     one also signs for 24 hours.
		 */
		post: operations["rotate_endpoint_secret"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/rotate-poll-token": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Rotate Endpoint Poll Token
		 * @description A polling endpoint's new poll token: the previous one is refused from now on.
		 */
		post: operations["rotate_endpoint_poll_token"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/test": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Test Endpoint
		 * @description Sends one signed `endpoint.test` event now and waits for the answer (200 whatever
		 *     the endpoint answered). Not stored; never counts as a failure. errorType is null on
		 *     success. 409 for a polling endpoint, which is sent nothing.
		 */
		post: operations["test_endpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/stats": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Get Endpoint Stats
		 * @description Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate, attempt duration p50/p95, last success and failure, failures since the last success, disabled state.
		 */
		get: operations["get_endpoint_stats"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/attempts": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Endpoint Attempts
		 * @description The attempts to this endpoint, newest first (the delivery explorer's filters).
		 */
		get: operations["list_endpoint_attempts"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/recover": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Recover Endpoint
		 * @description Re-send the endpoint's exhausted or cancelled Deliveries created in the window, in creation order, each as a retry (same Webhook-Id), at the endpoint's pace. 409 while the endpoint is disabled.
		 */
		post: operations["recover_endpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/endpoints/{endpoint_id}/preview": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Preview Endpoint
		 * @description What the endpoint would be sent for a stored event (`eventId`) or a sample (`type`
		 *     and `data`), under its filter or an unsaved one (`filter`). Nothing is sent or stored.
		 */
		post: operations["preview_endpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/sources": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Sources */
		get: operations["list_sources"];
		put?: never;
		/** Create Source */
		post: operations["create_source"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/sources/{source_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Source */
		get: operations["get_source"];
		put?: never;
		post?: never;
		/** Delete Source */
		delete: operations["delete_source"];
		options?: never;
		head?: never;
		/** Update Source */
		patch: operations["update_source"];
		trace?: never;
	};
	"/v1/ingest/sources/{source_id}/secret": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		/** Set Source Secret */
		put: operations["set_source_secret"];
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/sources/{source_id}/rotate-token": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/** Rotate Source Token */
		post: operations["rotate_source_token"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/sources/{source_id}/destinations": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Destinations */
		get: operations["list_destinations"];
		put?: never;
		/** Create Destination */
		post: operations["create_destination"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}/rotate-secret": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Rotate Destination Secret
		 * @description A new key of its scheme (or of `signatureScheme`, or the one given); the previous
		 *     one also signs for 24 hours.
		 */
		post: operations["rotate_destination_secret"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		post?: never;
		/**
		 * Delete Destination
		 * @description Its waiting Deliveries are cancelled; its delivery history stays.
		 */
		delete: operations["delete_destination"];
		options?: never;
		head?: never;
		/**
		 * Update Destination
		 * @description Absent fields stay; a null description or rateLimit clears it. Disabling cancels the destination's waiting Deliveries.
		 */
		patch: operations["update_destination"];
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}/stats": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Get Destination Stats
		 * @description Health at a glance: Deliveries by status and attempts by outcome since `since`, success rate, attempt duration p50/p95, last success and failure, failures since the last success, disabled state.
		 */
		get: operations["get_destination_stats"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}/attempts": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Destination Attempts
		 * @description The attempts to this destination, newest first (the delivery explorer's filters).
		 */
		get: operations["list_destination_attempts"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}/recover": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Recover Destination
		 * @description Re-send the destination's exhausted or cancelled forwards created in the window, as for an endpoint. 409 while the destination is disabled.
		 */
		post: operations["recover_destination"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/destinations/{destination_id}/preview": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Preview Destination
		 * @description What the destination would be sent for a stored message (`messageId`) or a sample
		 *     (`body`, `headers`, `query`, `contentType`), under its filter or an unsaved one
		 *     (`filter`). Nothing is sent or stored.
		 */
		post: operations["preview_destination"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/sources/{source_id}/messages": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Messages */
		get: operations["list_messages"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/messages/{message_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Message */
		get: operations["get_message"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/messages/{message_id}/deliveries": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Message Deliveries */
		get: operations["list_message_deliveries"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/messages/{message_id}/payload": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		post?: never;
		/**
		 * Erase Message Payload
		 * @description Erase the message's body, headers and query (GDPR); its metadata, Deliveries and
		 *     attempts stay, and reads show `body: null`, `headers: {}`, `payloadErased: true`. 409
		 *     `payload-in-flight` while a Delivery may still send it, unless `cancel=true`.
		 */
		delete: operations["erase_message_payload"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/messages/{message_id}/replay": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/** Replay Message */
		post: operations["replay_message"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/ingest/providers": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Providers */
		get: operations["list_providers"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/recoveries/{recovery_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Recovery */
		get: operations["get_recovery"];
		put?: never;
		post?: never;
		/**
		 * Cancel Recovery
		 * @description Stops it between batches: what it re-sent stays re-sent.
		 */
		delete: operations["cancel_recovery"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/operational-endpoints": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** List Operational Endpoints */
		get: operations["list_operational_endpoints"];
		put?: never;
		/**
		 * Create Operational Endpoint
		 * @description Receives the operational events named in `events` (absent or []: all of them, also
		 *     those added later): endpoint.disabled, endpoint.enabled, destination.disabled,
		 *     destination.enabled, delivery.exhausted, endpoint.circuit_opened,
		 *     endpoint.circuit_closed, source.silent, source.verification_failed. Signed and retried
		 *     like every delivery; the secret appears in this response only.
		 */
		post: operations["create_operational_endpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/operational-endpoints/{endpoint_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/** Get Operational Endpoint */
		get: operations["get_operational_endpoint"];
		put?: never;
		post?: never;
		/** Delete Operational Endpoint */
		delete: operations["delete_operational_endpoint"];
		options?: never;
		head?: never;
		/** Update Operational Endpoint */
		patch: operations["update_operational_endpoint"];
		trace?: never;
	};
	"/v1/operational-endpoints/{endpoint_id}/rotate-secret": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Rotate Operational Secret
		 * @description A new key of its scheme (or of `signatureScheme`, or the one given); the previous
		 *     one also signs for 24 hours.
		 */
		post: operations["rotate_operational_secret"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/metrics": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Get Metrics
		 * @description Publish and ingestion latency, ingestion by provider and verification, rate-limit
		 *     refusals and cancellations by API actions; with several API processes, all of theirs.
		 */
		get: operations["get_metrics"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/consumers/{ref}/portal": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Create Portal Link
		 * @description A magic link that opens the consumer portal for this Consumer only (id or
		 *     externalId). The token is shown here only; the link works until it expires or is
		 *     revoked. `eventTypes` limits what the Consumer may subscribe to.
		 */
		post: operations["create_portal_link"];
		/**
		 * Revoke Portal Links
		 * @description Revokes every portal link of the Consumer; their open sessions end at once.
		 */
		delete: operations["revoke_portal_links"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/portal-settings": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Get Portal Settings
		 * @description The portal's branding in this environment (name, logo, accent colour, support URL),
		 *     and its failure notices' settings.
		 */
		get: operations["get_portal_settings"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Update Portal Settings
		 * @description Absent fields stay; null clears one. `logoUrl` and `supportUrl` are https;
		 *     `accentColor` #rrggbb. Failure notices to Consumers' contacts: `noticesEnabled`
		 *     (true unless turned off), `failingNoticeHours` between two failing notices of one
		 *     endpoint (null: 24); they show the name, the logo and the support URL.
		 */
		patch: operations["update_portal_settings"];
		trace?: never;
	};
	"/v1/environment": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Get Environment
		 * @description The environment this API key belongs to.
		 */
		get: operations["get_environment"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Update Environment
		 * @description `egressProxy`: the proxy its requests to receivers go through (a URL of another
		 *     scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
		 *     targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
		 *     `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
		 *     `retentionDays` (1..3650): how long this environment's events and messages, with their
		 *     Deliveries and attempts, are kept once nothing more can happen to them; null returns to
		 *     the instance's HOOKLINE_RETENTION. The daily retention pass applies it.
		 */
		patch: operations["update_environment"];
		trace?: never;
	};
	"/v1/poll/{endpoint_id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Poll
		 * @description The endpoint's messages after `cursor` (absent: after the committed cursor), oldest
		 *     first: those waiting for a commit, and after a seek back those delivered already.
		 *     Messages show once they are two seconds old.
		 */
		get: operations["poll"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/poll/{endpoint_id}/commit": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Commit Poll
		 * @description Everything up to `cursor` is processed: the messages waiting up to it end
		 *     `delivered`, and the committed cursor moves there. A cursor behind it changes nothing.
		 *     One commit ends at most 5,000: the answer's `cursor` is then short of the one given,
		 *     and the same commit again ends the next.
		 */
		post: operations["commit_poll"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/poll/{endpoint_id}/seek": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Seek Poll
		 * @description The committed cursor moves to the messages of events published at `after` or later,
		 *     back (to pull delivered ones again) or forward (those skipped end `exhausted`,
		 *     `not_polled`, when their window passes).
		 */
		post: operations["seek_poll"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/consumers/{ref}/notices": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List Notices
		 * @description Newest first: each notice on each channel, and how its Delivery went (they are
		 *     Deliveries, retried on the retry schedule).
		 */
		get: operations["list_notices"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/consumers/{ref}/notices/preview": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Preview Notice
		 * @description What a notice of `type` would say to this Consumer, on every channel, with the
		 *     environment's branding: nothing is sent.
		 */
		post: operations["preview_notice"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
}
export interface components {
	schemas: {
		/** Accepted */
		Accepted: {
			/** Id */
			id: string;
		};
		/** AttemptOut */
		AttemptOut: {
			/** Id */
			id: string;
			/** Deliveryid */
			deliveryId: string;
			/** Targetid */
			targetId?: string | null;
			/** Attempt */
			attempt: number;
			/** Status */
			status: string;
			/** Statuscode */
			statusCode?: number | null;
			/** Responsebody */
			responseBody?: string | null;
			/**
			 * Errortype
			 * @description null on success; else why the attempt failed: http_status (the receiver answered non-2xx, see statusCode), timeout, connection, dns, tls, blocked_url (the URL guard refused the address), oauth (the target's OAuth2 token endpoint gave no token, so nothing was sent to the receiver), proxy (the egress proxy failed), transformation (the target's code failed), broker_unreachable, broker_refused or broker_auth (a broker target's publish: the broker could not be reached or did not confirm, refused the message, or refused the credentials), or circuit_open (no request was sent: the target's circuit breaker was still open when the Delivery's retry window ended, so it ended exhausted), or not_polled (a polling endpoint's Consumer did not pull and commit it within HOOKLINE_POLL_WINDOW)
			 */
			errorType?: string | null;
			/** Errormessage */
			errorMessage?: string | null;
			/** Durationms */
			durationMs: number;
			/** Createdat */
			createdAt: string | null;
		};
		/** AuthIn */
		AuthIn: {
			/**
			 * Type
			 * @default oauth2
			 * @constant
			 */
			type: "oauth2";
			/**
			 * Tokenurl
			 * @description The token endpoint; the same URL rules as a target's
			 */
			tokenUrl: string;
			/** Clientid */
			clientId: string;
			/**
			 * Clientsecret
			 * @description Write-only; required unless clientAuth is private_key_jwt
			 */
			clientSecret?: string | null;
			/** Scope */
			scope?: string | null;
			/** Audience */
			audience?: string | null;
			/**
			 * Clientauth
			 * @description How the token request authenticates: `basic` (client_secret_basic, the default), `post` (client_secret_post) or `private_key_jwt` (RFC 7523, a JWT signed with `privateKey`: RS256 for RSA, ES256/384/512 for EC)
			 * @default basic
			 * @enum {string}
			 */
			clientAuth: "basic" | "post" | "private_key_jwt";
			/**
			 * Privatekey
			 * @description Write-only: a PEM RSA or EC private key, for private_key_jwt
			 */
			privateKey?: string | null;
		};
		/** AuthOut */
		AuthOut: {
			/**
			 * Type
			 * @default oauth2
			 * @constant
			 */
			type: "oauth2";
			/**
			 * Tokenurl
			 * @description The token endpoint; the same URL rules as a target's
			 */
			tokenUrl: string;
			/** Clientid */
			clientId: string;
			/** Scope */
			scope?: string | null;
			/**
			 * Audience
			 * @description Sent as the `audience` parameter
			 */
			audience?: string | null;
			/**
			 * Clientauth
			 * @description How the token request authenticates: `basic` (client_secret_basic, the default), `post` (client_secret_post) or `private_key_jwt` (RFC 7523, a JWT signed with `privateKey`: RS256 for RSA, ES256/384/512 for EC)
			 * @default basic
			 * @enum {string}
			 */
			clientAuth: "basic" | "post" | "private_key_jwt";
		};
		/** Batch */
		Batch: {
			/**
			 * Maxsize
			 * @description Deliveries in one request at most
			 */
			maxSize: number;
			/**
			 * Maxwaitms
			 * @description How long the oldest ready Delivery waits for the batch to fill (milliseconds)
			 * @default 0
			 */
			maxWaitMs: number;
		};
		/** CommitIn */
		CommitIn: {
			/**
			 * Cursor
			 * @description A page's `cursor`: everything up to it is processed
			 */
			cursor: string;
		};
		/** CommitOut */
		CommitOut: {
			/**
			 * Cursor
			 * @description The committed cursor now: the one given, or short of it when more than 5,000 waited up to it (commit again), or the one before when it was behind
			 */
			cursor: string | null;
			/**
			 * Delivered
			 * @description The Deliveries this commit ended `delivered`
			 */
			delivered: number;
		};
		/** ConfigFieldOut */
		ConfigFieldOut: {
			/** Name */
			name: string;
			/** Description */
			description: string;
			/** Required */
			required: boolean;
		};
		/** ConsumerIn */
		ConsumerIn: {
			/** Externalid */
			externalId: string;
			/** Name */
			name: string;
			contacts?: components["schemas"]["Contacts"] | null;
		};
		/** ConsumerOut */
		ConsumerOut: {
			/** Createdat */
			createdAt: string | null;
			/** Id */
			id: string;
			/** Externalid */
			externalId: string;
			/** Name */
			name: string;
			contacts?: components["schemas"]["ContactsOut"] | null;
		};
		/** ConsumerPatch */
		ConsumerPatch: {
			/** Name */
			name?: string | null;
			/** @description null: nobody is told */
			contacts?: components["schemas"]["Contacts"] | null;
		};
		/** ConsumptionIn */
		ConsumptionIn: {
			/** Concurrency */
			concurrency?: number | null;
			/** Batchsize */
			batchSize?: number | null;
			/** Startfrom */
			startFrom?: ("latest" | "earliest") | null;
		};
		/** ConsumptionOut */
		ConsumptionOut: {
			/** Concurrency */
			concurrency: number;
			/** Batchsize */
			batchSize: number;
			/** Startfrom */
			startFrom?: string | null;
		};
		/**
		 * Contacts
		 * @description Who hears of the Consumer's endpoints' failures (failure notices).
		 */
		Contacts: {
			/**
			 * Emails
			 * @description Up to 5 e-mail addresses
			 */
			emails?: string[];
			/**
			 * Slackurl
			 * @description A Slack incoming-webhook URL
			 */
			slackUrl?: string | null;
			/**
			 * Teamsurl
			 * @description A Microsoft Teams workflow URL
			 */
			teamsUrl?: string | null;
		};
		/** ContactsOut */
		ContactsOut: {
			/** Emails */
			emails: string[];
			/** Slackurl */
			slackUrl: string | null;
			/** Teamsurl */
			teamsUrl: string | null;
		};
		/** CredentialsIn */
		CredentialsIn: {
			/** Username */
			username?: string | null;
			/**
			 * Password
			 * @description Write-only
			 */
			password?: string | null;
			/**
			 * Mechanism
			 * @description Kafka's SASL mechanism; PLAIN when absent
			 */
			mechanism?: ("PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512") | null;
			/** Accesskeyid */
			accessKeyId?: string | null;
			/**
			 * Secretaccesskey
			 * @description Write-only
			 */
			secretAccessKey?: string | null;
			/**
			 * Sessiontoken
			 * @description Write-only
			 */
			sessionToken?: string | null;
			/** Rolearn */
			roleArn?: string | null;
			/** Externalid */
			externalId?: string | null;
		};
		/**
		 * CredentialsOut
		 * @description The credentials but their write-only members.
		 */
		CredentialsOut: {
			/** Username */
			username?: string | null;
			/** Mechanism */
			mechanism?: string | null;
			/** Accesskeyid */
			accessKeyId?: string | null;
			/** Rolearn */
			roleArn?: string | null;
			/** Externalid */
			externalId?: string | null;
		};
		/** DeliveryCounts */
		DeliveryCounts: {
			/**
			 * Total
			 * @default 0
			 */
			total: number;
			/**
			 * Delivered
			 * @default 0
			 */
			delivered: number;
			/**
			 * Inflight
			 * @default 0
			 */
			inFlight: number;
			/**
			 * Failed
			 * @default 0
			 */
			failed: number;
			/**
			 * Cancelled
			 * @default 0
			 */
			cancelled: number;
		};
		/** DeliveryOut */
		DeliveryOut: {
			/** Id */
			id: string;
			/** Status */
			status: string;
			/** Eventid */
			eventId?: string | null;
			/** Messageid */
			messageId?: string | null;
			/** Endpointid */
			endpointId?: string | null;
			/** Destinationid */
			destinationId?: string | null;
			/** Attempts */
			attempts: number;
			/** Nextattemptat */
			nextAttemptAt?: string | null;
			/** Lastattemptat */
			lastAttemptAt?: string | null;
			/** Responsestatus */
			responseStatus?: number | null;
			/**
			 * Errortype
			 * @description null on success; else why the attempt failed: http_status (the receiver answered non-2xx, see statusCode), timeout, connection, dns, tls, blocked_url (the URL guard refused the address), oauth (the target's OAuth2 token endpoint gave no token, so nothing was sent to the receiver), proxy (the egress proxy failed), transformation (the target's code failed), broker_unreachable, broker_refused or broker_auth (a broker target's publish: the broker could not be reached or did not confirm, refused the message, or refused the credentials), or circuit_open (no request was sent: the target's circuit breaker was still open when the Delivery's retry window ended, so it ended exhausted), or not_polled (a polling endpoint's Consumer did not pull and commit it within HOOKLINE_POLL_WINDOW)
			 */
			errorType?: string | null;
			/** Durationms */
			durationMs?: number | null;
			/** Createdat */
			createdAt: string | null;
			/** Updatedat */
			updatedAt: string | null;
		};
		/** DestinationCreated */
		DestinationCreated: {
			/** Id */
			id: string;
			/** Url */
			url: string;
			/** Description */
			description?: string | null;
			/** Customheaders */
			customHeaders: {
				[key: string]: string;
			};
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation: string | null;
			/**
			 * Signaturescheme
			 * @description How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
			 * @enum {string}
			 */
			signatureScheme: "v1" | "v1a";
			/**
			 * Publickey
			 * @description `v1a`: the `whpk_` public key receivers verify with; null for `v1`
			 */
			publicKey: string | null;
			/**
			 * Circuit
			 * @description The circuit breaker: it opens after consecutive failures that say the receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; when its time is up one probe attempt goes (half_open), and a success closes it
			 * @enum {string}
			 */
			circuit: "closed" | "open" | "half_open";
			/**
			 * Circuitopenedat
			 * @description When the circuit last opened; null while closed
			 */
			circuitOpenedAt: string | null;
			/**
			 * Circuitretryat
			 * @description While open: when one probe attempt may go
			 */
			circuitRetryAt: string | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthOut"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsOut"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsOut"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
			/**
			 * Concurrencylimit
			 * @description Read-only: the attempts the engine sends at once now. It adapts to the receiver: it grows while answers come promptly and without errors, and shrinks on timeouts, connection errors, 5xx, 429 and answers well slower than usual; from 1 up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT
			 */
			concurrencyLimit: number;
			/** Createdat */
			createdAt: string;
			/** Updatedat */
			updatedAt: string;
			/** Sourceid */
			sourceId: string;
			/** Status */
			status: string;
			/**
			 * Secret
			 * @description Shown only in this response: the whsec_ secret (v1), or the whpk_ public key (v1a)
			 */
			secret: string;
		};
		/** DestinationIn */
		DestinationIn: {
			/** Url */
			url: string;
			/** Description */
			description?: string | null;
			/**
			 * Headers
			 * @description Fixed headers
			 */
			headers?: {
				[key: string]: string;
			} | null;
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit?: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation?: string | null;
			/**
			 * Signaturescheme
			 * @description How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
			 * @default v1
			 * @enum {string}
			 */
			signatureScheme: "v1" | "v1a";
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsIn"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
		};
		/** DestinationOut */
		DestinationOut: {
			/** Id */
			id: string;
			/** Url */
			url: string;
			/** Description */
			description?: string | null;
			/** Customheaders */
			customHeaders: {
				[key: string]: string;
			};
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation: string | null;
			/**
			 * Signaturescheme
			 * @description How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
			 * @enum {string}
			 */
			signatureScheme: "v1" | "v1a";
			/**
			 * Publickey
			 * @description `v1a`: the `whpk_` public key receivers verify with; null for `v1`
			 */
			publicKey: string | null;
			/**
			 * Circuit
			 * @description The circuit breaker: it opens after consecutive failures that say the receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; when its time is up one probe attempt goes (half_open), and a success closes it
			 * @enum {string}
			 */
			circuit: "closed" | "open" | "half_open";
			/**
			 * Circuitopenedat
			 * @description When the circuit last opened; null while closed
			 */
			circuitOpenedAt: string | null;
			/**
			 * Circuitretryat
			 * @description While open: when one probe attempt may go
			 */
			circuitRetryAt: string | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthOut"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsOut"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsOut"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
			/**
			 * Concurrencylimit
			 * @description Read-only: the attempts the engine sends at once now. It adapts to the receiver: it grows while answers come promptly and without errors, and shrinks on timeouts, connection errors, 5xx, 429 and answers well slower than usual; from 1 up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT
			 */
			concurrencyLimit: number;
			/** Createdat */
			createdAt: string;
			/** Updatedat */
			updatedAt: string;
			/** Sourceid */
			sourceId: string;
			/** Status */
			status: string;
		};
		/**
		 * DestinationPatch
		 * @description Absent fields stay as they are; `headers` replaces all fixed headers.
		 */
		DestinationPatch: {
			/** Url */
			url?: string | null;
			/** Description */
			description?: string | null;
			/** Status */
			status?: ("enabled" | "disabled") | null;
			/** Headers */
			headers?: {
				[key: string]: string;
			} | null;
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit; absent: unchanged
			 */
			rateLimit?: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter; absent: unchanged
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none; absent: unchanged
			 */
			transformation?: string | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it; absent: unchanged */
			auth?: components["schemas"]["AuthIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it; absent: unchanged */
			tls?: components["schemas"]["TlsIn"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it; absent: unchanged */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL; absent: unchanged
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on; absent: unchanged */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order; absent: unchanged */
			batch?: components["schemas"]["Batch"] | null;
		};
		/** EndpointCreated */
		EndpointCreated: {
			/** Id */
			id: string;
			/**
			 * Url
			 * @description Where its Deliveries are sent; null for a polling endpoint
			 */
			url: string | null;
			/** Description */
			description?: string | null;
			/** Customheaders */
			customHeaders: {
				[key: string]: string;
			};
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation: string | null;
			/**
			 * Signaturescheme
			 * @description How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
			 * @enum {string}
			 */
			signatureScheme: "v1" | "v1a";
			/**
			 * Publickey
			 * @description `v1a`: the `whpk_` public key receivers verify with; null for `v1`
			 */
			publicKey: string | null;
			/**
			 * Circuit
			 * @description The circuit breaker: it opens after consecutive failures that say the receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; when its time is up one probe attempt goes (half_open), and a success closes it
			 * @enum {string}
			 */
			circuit: "closed" | "open" | "half_open";
			/**
			 * Circuitopenedat
			 * @description When the circuit last opened; null while closed
			 */
			circuitOpenedAt: string | null;
			/**
			 * Circuitretryat
			 * @description While open: when one probe attempt may go
			 */
			circuitRetryAt: string | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthOut"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsOut"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsOut"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
			/**
			 * Concurrencylimit
			 * @description Read-only: the attempts the engine sends at once now. It adapts to the receiver: it grows while answers come promptly and without errors, and shrinks on timeouts, connection errors, 5xx, 429 and answers well slower than usual; from 1 up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT
			 */
			concurrencyLimit: number;
			/** Createdat */
			createdAt: string;
			/** Updatedat */
			updatedAt: string;
			/**
			 * Kind
			 * @description `polling` (no URL: its Consumer pulls its Deliveries from `pollUrl` with its poll token), or the kind its URL names: `http`, or a broker's
			 * @enum {string}
			 */
			kind: "http" | "kafka" | "amqp" | "sqs" | "sns" | "eventbridge" | "kinesis" | "s3" | "polling";
			/** Consumer */
			consumer: string;
			/**
			 * Status
			 * @enum {string}
			 */
			status: "Enabled" | "DisabledAutomatically" | "DisabledManually";
			/** Events */
			events: string[];
			/**
			 * Signatureheaders
			 * @description The names the signature goes under, with the same values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what Svix's verifiers also read)
			 * @enum {string}
			 */
			signatureHeaders: "webhook" | "svix";
			/** @description A polling endpoint's: where its Consumer pulls, and how far it has committed */
			poll?: components["schemas"]["PollOut"] | null;
			/**
			 * Secret
			 * @description Shown only in this response: the whsec_ secret (v1), or the whpk_ public key (v1a)
			 */
			secret: string;
			/**
			 * Polltoken
			 * @description A polling endpoint's: the hlpoll_ token its Consumer pulls with, shown in this response and on its portal page
			 */
			pollToken?: string | null;
		};
		/** EndpointIn */
		EndpointIn: {
			/**
			 * Url
			 * @description Where its Deliveries are sent; required, but for a polling endpoint, which has none
			 */
			url?: string | null;
			/**
			 * Events
			 * @description Absent or [] means all types
			 */
			events?: string[] | null;
			/** Description */
			description?: string | null;
			/**
			 * Headers
			 * @description Fixed headers
			 */
			headers?: {
				[key: string]: string;
			} | null;
			/**
			 * Secret
			 * @description A whsec_ secret (v1) or a whsk_ signing key (v1a); made when absent
			 */
			secret?: string | null;
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit?: number | null;
			/**
			 * Signaturescheme
			 * @description absent: the given secret's, else v1
			 */
			signatureScheme?: ("v1" | "v1a") | null;
			/**
			 * Signatureheaders
			 * @description The names the signature goes under, with the same values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what Svix's verifiers also read)
			 * @default webhook
			 * @enum {string}
			 */
			signatureHeaders: "webhook" | "svix";
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsIn"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/**
			 * Kind
			 * @description `polling` (no URL: its Consumer pulls its Deliveries from `pollUrl` with its poll token), or the kind its URL names: `http`, or a broker's; absent: its URL's
			 */
			kind?: ("http" | "kafka" | "amqp" | "sqs" | "sns" | "eventbridge" | "kinesis" | "s3" | "polling") | null;
			/**
			 * Consumer
			 * @description The Consumer's externalId
			 */
			consumer: string;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
		};
		/** EndpointOut */
		EndpointOut: {
			/** Id */
			id: string;
			/**
			 * Url
			 * @description Where its Deliveries are sent; null for a polling endpoint
			 */
			url: string | null;
			/** Description */
			description?: string | null;
			/** Customheaders */
			customHeaders: {
				[key: string]: string;
			};
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
			 */
			filter: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none
			 */
			transformation: string | null;
			/**
			 * Signaturescheme
			 * @description How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
			 * @enum {string}
			 */
			signatureScheme: "v1" | "v1a";
			/**
			 * Publickey
			 * @description `v1a`: the `whpk_` public key receivers verify with; null for `v1`
			 */
			publicKey: string | null;
			/**
			 * Circuit
			 * @description The circuit breaker: it opens after consecutive failures that say the receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; when its time is up one probe attempt goes (half_open), and a success closes it
			 * @enum {string}
			 */
			circuit: "closed" | "open" | "half_open";
			/**
			 * Circuitopenedat
			 * @description When the circuit last opened; null while closed
			 */
			circuitOpenedAt: string | null;
			/**
			 * Circuitretryat
			 * @description While open: when one probe attempt may go
			 */
			circuitRetryAt: string | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthOut"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsOut"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsOut"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order */
			batch?: components["schemas"]["Batch"] | null;
			/**
			 * Concurrencylimit
			 * @description Read-only: the attempts the engine sends at once now. It adapts to the receiver: it grows while answers come promptly and without errors, and shrinks on timeouts, connection errors, 5xx, 429 and answers well slower than usual; from 1 up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT
			 */
			concurrencyLimit: number;
			/** Createdat */
			createdAt: string;
			/** Updatedat */
			updatedAt: string;
			/**
			 * Kind
			 * @description `polling` (no URL: its Consumer pulls its Deliveries from `pollUrl` with its poll token), or the kind its URL names: `http`, or a broker's
			 * @enum {string}
			 */
			kind: "http" | "kafka" | "amqp" | "sqs" | "sns" | "eventbridge" | "kinesis" | "s3" | "polling";
			/** Consumer */
			consumer: string;
			/**
			 * Status
			 * @enum {string}
			 */
			status: "Enabled" | "DisabledAutomatically" | "DisabledManually";
			/** Events */
			events: string[];
			/**
			 * Signatureheaders
			 * @description The names the signature goes under, with the same values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what Svix's verifiers also read)
			 * @enum {string}
			 */
			signatureHeaders: "webhook" | "svix";
			/** @description A polling endpoint's: where its Consumer pulls, and how far it has committed */
			poll?: components["schemas"]["PollOut"] | null;
		};
		/** EndpointPatchIn */
		EndpointPatchIn: {
			/** Url */
			url?: string | null;
			/**
			 * Events
			 * @description Replaces the list; [] = all
			 */
			events?: string[] | null;
			/** Status */
			status?: ("enabled" | "disabled") | null;
			/** Description */
			description?: string | null;
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit; absent: unchanged
			 */
			rateLimit?: number | null;
			/**
			 * Filter
			 * @description A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter; absent: unchanged
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit fails the attempt with errorType `transformation`. null: none; absent: unchanged
			 */
			transformation?: string | null;
			/**
			 * Signatureheaders
			 * @description The names the signature goes under, with the same values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what Svix's verifiers also read); absent: unchanged
			 */
			signatureHeaders?: ("webhook" | "svix") | null;
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it; absent: unchanged */
			auth?: components["schemas"]["AuthIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it; absent: unchanged */
			tls?: components["schemas"]["TlsIn"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it; absent: unchanged */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL; absent: unchanged
			 */
			endpointOverride?: string | null;
			/** @description Strict order: null (the default) delivers each event independently; an object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on; absent: unchanged */
			ordering?: components["schemas"]["Ordering"] | null;
			/** @description Batches: null (the default) sends each Delivery in its own request; an object sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A broker target gets one record per Delivery, in order; absent: unchanged */
			batch?: components["schemas"]["Batch"] | null;
		};
		/** EndpointTestResult */
		EndpointTestResult: {
			/**
			 * Success
			 * @description The endpoint answered 2xx
			 */
			success: boolean;
			/** Statuscode */
			statusCode: number | null;
			/**
			 * Errortype
			 * @description null on success; else http_status, timeout, connection, dns, tls, blocked_url, oauth, proxy, broker_unreachable, broker_refused or broker_auth
			 */
			errorType: string | null;
			/** Errormessage */
			errorMessage: string | null;
			/** Durationms */
			durationMs: number;
		};
		/** EnvironmentOut */
		EnvironmentOut: {
			/** Id */
			id: string;
			/** Name */
			name: string;
			/** Kind */
			kind: string;
			/** Retentiondays */
			retentionDays: number | null;
			/**
			 * Effectiveretentiondays
			 * @description the retention in force, in whole days: `retentionDays`, else the instance's HOOKLINE_RETENTION rounded up to a day; null: kept for ever
			 */
			effectiveRetentionDays: number | null;
			/**
			 * Egressproxy
			 * @description The forward proxy this environment's requests to receivers (and to their token endpoints) go through, `http://host:port` (CONNECT) or `socks5://host:port`, with `user:password@` if it asks (reads show the password as `***`); null: the instance's HOOKLINE_EGRESS_PROXY. HOOKLINE_NO_PROXY applies to it too
			 */
			egressProxy: string | null;
			/**
			 * Targetkinds
			 * @description The kinds of target this environment's endpoints and destinations may be, by their URL's scheme: `http` (http://, https://), `kafka`, `amqp` (amqp://, amqps://), `sqs`, `sns`, `eventbridge`, `kinesis`, `s3`. A target of another kind is refused at create and at a URL change (422); existing ones are kept. null: every kind (reads list them)
			 */
			targetKinds: ("http" | "kafka" | "amqp" | "sqs" | "sns" | "eventbridge" | "kinesis" | "s3")[];
			/** Createdat */
			createdAt: string;
		};
		/** EnvironmentPatch */
		EnvironmentPatch: {
			/**
			 * Retentiondays
			 * @description days events, messages, Deliveries and attempts are kept once finished; null: the instance's HOOKLINE_RETENTION
			 */
			retentionDays?: number | null;
			/**
			 * Egressproxy
			 * @description The forward proxy this environment's requests to receivers (and to their token endpoints) go through, `http://host:port` (CONNECT) or `socks5://host:port`, with `user:password@` if it asks (reads show the password as `***`); null: the instance's HOOKLINE_EGRESS_PROXY. HOOKLINE_NO_PROXY applies to it too
			 */
			egressProxy?: string | null;
			/**
			 * Targetkinds
			 * @description The kinds of target this environment's endpoints and destinations may be, by their URL's scheme: `http` (http://, https://), `kafka`, `amqp` (amqp://, amqps://), `sqs`, `sns`, `eventbridge`, `kinesis`, `s3`. A target of another kind is refused at create and at a URL change (422); existing ones are kept. null: every kind
			 */
			targetKinds?: ("http" | "kafka" | "amqp" | "sqs" | "sns" | "eventbridge" | "kinesis" | "s3")[] | null;
		};
		/** EventDetail */
		EventDetail: {
			/** Id */
			id: string;
			/** Type */
			type: string;
			/** Consumer */
			consumer: string;
			/** Deliveries */
			deliveries: number;
			/**
			 * Filtered
			 * @description Subscribed endpoints whose filter kept this event from them: no Delivery was made for them
			 * @default 0
			 */
			filtered: number;
			/**
			 * Schemaversion
			 * @description The event type's schema version `data` was validated against; null when its validation is off
			 */
			schemaVersion?: number | null;
			/**
			 * Schemaerrors
			 * @description What validation found, under `warn`; null when none
			 */
			schemaErrors?: components["schemas"]["SchemaError"][] | null;
			/**
			 * Payloaderased
			 * @description `data` was erased on request
			 * @default false
			 */
			payloadErased: boolean;
			/** Createdat */
			createdAt: string | null;
			/** Data */
			data: unknown;
		};
		/** EventOut */
		EventOut: {
			/** Id */
			id: string;
			/** Type */
			type: string;
			/** Consumer */
			consumer: string;
			/** Deliveries */
			deliveries: number;
			/**
			 * Filtered
			 * @description Subscribed endpoints whose filter kept this event from them: no Delivery was made for them
			 * @default 0
			 */
			filtered: number;
			/**
			 * Schemaversion
			 * @description The event type's schema version `data` was validated against; null when its validation is off
			 */
			schemaVersion?: number | null;
			/**
			 * Schemaerrors
			 * @description What validation found, under `warn`; null when none
			 */
			schemaErrors?: components["schemas"]["SchemaError"][] | null;
			/**
			 * Payloaderased
			 * @description `data` was erased on request
			 * @default false
			 */
			payloadErased: boolean;
			/** Createdat */
			createdAt: string | null;
		};
		/**
		 * EventPreviewIn
		 * @description A stored event (`eventId`), or a sample (`type` and `data`).
		 */
		EventPreviewIn: {
			/**
			 * Filter
			 * @description An unsaved filter to try instead of the saved one (null: none); absent: the saved filter
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description An unsaved transformation to try instead of the saved one (null: none); absent: the saved one
			 */
			transformation?: string | null;
			/**
			 * Eventid
			 * @description An event of this environment
			 */
			eventId?: string | null;
			/** Type */
			type?: string | null;
			/** Data */
			data?: unknown;
		};
		/** EventTypeIn */
		EventTypeIn: {
			/** Name */
			name: string;
			/** Description */
			description?: string | null;
			/**
			 * Schema
			 * @description A JSON Schema (draft 2020-12) of the events' `data`; checked as a schema when set. Changing it makes a new version; the old ones stay readable
			 */
			schema?: {
				[key: string]: unknown;
			} | null;
			/**
			 * Examples
			 * @description JSON objects, each valid against the schema
			 */
			examples?: unknown[] | null;
			/**
			 * Validation
			 * @description off: not validated; warn: published, with the violations kept on the event (`schemaErrors`); enforce: a payload that does not match is 422
			 * @default off
			 * @enum {string}
			 */
			validation: "off" | "warn" | "enforce";
		};
		/** EventTypeOut */
		EventTypeOut: {
			/** Name */
			name: string;
			/** Description */
			description?: string | null;
			/**
			 * Schema
			 * @description The current schema, or null
			 */
			schema?: {
				[key: string]: unknown;
			} | null;
			/**
			 * Schemaversion
			 * @description Its version
			 */
			schemaVersion?: number | null;
			/** Examples */
			examples?: unknown[] | null;
			/**
			 * Validation
			 * @default off
			 * @enum {string}
			 */
			validation: "off" | "warn" | "enforce";
			/** Createdat */
			createdAt: string;
		};
		/**
		 * EventTypePatch
		 * @description Absent fields stay as they are; null removes the schema or the examples.
		 */
		EventTypePatch: {
			/** Description */
			description?: string | null;
			/**
			 * Schema
			 * @description A JSON Schema (draft 2020-12) of the events' `data`; checked as a schema when set. Changing it makes a new version; the old ones stay readable
			 */
			schema?: {
				[key: string]: unknown;
			} | null;
			/**
			 * Examples
			 * @description JSON objects, each valid against the schema
			 */
			examples?: unknown[] | null;
			/**
			 * Validation
			 * @description off: not validated; warn: published, with the violations kept on the event (`schemaErrors`); enforce: a payload that does not match is 422
			 */
			validation?: ("off" | "warn" | "enforce") | null;
		};
		/** FieldError */
		FieldError: {
			/** Field */
			field: string;
			/** Message */
			message: string;
		};
		/** HTTPValidationError */
		HTTPValidationError: {
			/** Detail */
			detail?: components["schemas"]["ValidationError"][];
		};
		/** HeadersIn */
		HeadersIn: {
			/** Headers */
			headers: {
				[key: string]: string;
			};
		};
		/** LagOut */
		LagOut: {
			/**
			 * Messages
			 * @description Messages in the topic or queue not yet done with
			 */
			messages: number | null;
			/**
			 * Seconds
			 * @description While some wait, how long ago the last message read was written (Kafka, SQS); 0 when none wait
			 */
			seconds: number | null;
			/** Measuredat */
			measuredAt: string;
		};
		/** LastFailure */
		LastFailure: {
			/** At */
			at: string;
			/** Statuscode */
			statusCode?: number | null;
			/** Errortype */
			errorType?: string | null;
			/** Errormessage */
			errorMessage?: string | null;
		};
		/** MappingIn */
		MappingIn: {
			/**
			 * Consumer
			 * @description The Consumer's externalId or id
			 */
			consumer?: string | null;
			/** Eventtype */
			eventType?: string | null;
			/** Idempotencykey */
			idempotencyKey?: string | null;
			/**
			 * Payload
			 * @description The Event's payload (a JSON object)
			 */
			payload?: string | null;
		};
		/** MappingOut */
		MappingOut: {
			/** Consumer */
			consumer?: string | null;
			/** Eventtype */
			eventType?: string | null;
			/** Idempotencykey */
			idempotencyKey?: string | null;
			/** Payload */
			payload?: string | null;
		};
		/** Matching */
		Matching: {
			/** Matching */
			matching: number;
		};
		/** MessageDetail */
		MessageDetail: {
			/** Id */
			id: string;
			/** Sourceid */
			sourceId: string;
			/** Method */
			method: string;
			/** Contenttype */
			contentType?: string | null;
			/** Bodybytes */
			bodyBytes: number;
			/** Providereventid */
			providerEventId?: string | null;
			/** Verification */
			verification: string;
			/** Fanout */
			fanout: number;
			deliveries: components["schemas"]["DeliveryCounts"];
			/**
			 * Payloaderased
			 * @default false
			 */
			payloadErased: boolean;
			/** Createdat */
			createdAt: string;
			/** Body */
			body?: string | null;
			/** Headers */
			headers: {
				[key: string]: string;
			};
			/**
			 * Query
			 * @default
			 */
			query: string;
			/** Remoteip */
			remoteIp?: string | null;
		};
		/** MessageItem */
		MessageItem: {
			/** Id */
			id: string;
			/** Sourceid */
			sourceId: string;
			/** Method */
			method: string;
			/** Contenttype */
			contentType?: string | null;
			/** Bodybytes */
			bodyBytes: number;
			/** Providereventid */
			providerEventId?: string | null;
			/** Verification */
			verification: string;
			/** Fanout */
			fanout: number;
			deliveries: components["schemas"]["DeliveryCounts"];
			/**
			 * Payloaderased
			 * @default false
			 */
			payloadErased: boolean;
			/** Createdat */
			createdAt: string;
		};
		/**
		 * MessagePreviewIn
		 * @description A stored message (`messageId`), or a sample: a string `body` is taken as it is,
		 *     anything else as JSON.
		 */
		MessagePreviewIn: {
			/**
			 * Filter
			 * @description An unsaved filter to try instead of the saved one (null: none); absent: the saved filter
			 */
			filter?: string | null;
			/**
			 * Transformation
			 * @description An unsaved transformation to try instead of the saved one (null: none); absent: the saved one
			 */
			transformation?: string | null;
			/**
			 * Messageid
			 * @description A message of this environment
			 */
			messageId?: string | null;
			/** Body */
			body?: unknown;
			/** Headers */
			headers?: {
				[key: string]: string;
			} | null;
			/**
			 * Query
			 * @description The query string, without `?`
			 * @default
			 */
			query: string;
			/** Contenttype */
			contentType?: string | null;
		};
		/** NoticeDelivery */
		NoticeDelivery: {
			/** Id */
			id: string;
			/** Status */
			status: string;
			/** Attempts */
			attempts: number;
			/** Lastattemptat */
			lastAttemptAt?: string | null;
			/** Nextattemptat */
			nextAttemptAt?: string | null;
		};
		/**
		 * NoticeOut
		 * @description A failure notice sent on one channel, and the Delivery that carries it.
		 */
		NoticeOut: {
			/** Id */
			id: string;
			/**
			 * Type
			 * @enum {string}
			 */
			type: "endpoint.failing" | "endpoint.disabled" | "endpoint.recovered" | "digest";
			/**
			 * Channel
			 * @enum {string}
			 */
			channel: "email" | "slack" | "teams";
			/**
			 * Recipient
			 * @description The address, or the Slack or Teams URL's host
			 */
			recipient: string;
			/** Endpointid */
			endpointId: string | null;
			delivery: components["schemas"]["NoticeDelivery"] | null;
			/** Createdat */
			createdAt: string;
		};
		/** NoticePreviewIn */
		NoticePreviewIn: {
			/**
			 * Type
			 * @default endpoint.failing
			 * @enum {string}
			 */
			type: "endpoint.failing" | "endpoint.disabled" | "endpoint.recovered" | "digest";
		};
		/** NoticePreviewOut */
		NoticePreviewOut: {
			/** Subject */
			subject: string;
			/** Email */
			email: {
				[key: string]: unknown;
			};
			/** Slack */
			slack: {
				[key: string]: unknown;
			};
			/** Teams */
			teams: {
				[key: string]: unknown;
			};
		};
		/**
		 * OperationalEndpointIn
		 * @description An endpoint's settings; an operational endpoint's `events` are operational types.
		 */
		OperationalEndpointIn: {
			/** Url */
			url: string;
			/**
			 * Events
			 * @description Absent or [] means all types
			 */
			events?: string[] | null;
			/** Description */
			description?: string | null;
			/**
			 * Headers
			 * @description Fixed headers
			 */
			headers?: {
				[key: string]: string;
			} | null;
			/**
			 * Secret
			 * @description A whsec_ secret (v1) or a whsk_ signing key (v1a); made when absent
			 */
			secret?: string | null;
			/**
			 * Ratelimit
			 * @description Deliveries per second at most, 1 to 10000, across every worker; null (the default) is no limit
			 */
			rateLimit?: number | null;
			/**
			 * Signaturescheme
			 * @description absent: the given secret's, else v1
			 */
			signatureScheme?: ("v1" | "v1a") | null;
			/**
			 * Signatureheaders
			 * @description The names the signature goes under, with the same values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what Svix's verifiers also read)
			 * @default webhook
			 * @enum {string}
			 */
			signatureHeaders: "webhook" | "svix";
			/** @description OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			auth?: components["schemas"]["AuthIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsIn"] | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
		};
		/** Ordering */
		Ordering: {
			/**
			 * Key
			 * @description A JMESPath expression on the body, such as `data.customer.id`; an event where it finds no string or number goes to the line of the empty key
			 */
			key?: string | null;
			/**
			 * Onexhausted
			 * @description What an exhausted head does to its line
			 * @default block
			 * @enum {string}
			 */
			onExhausted: "block" | "skip";
		};
		/** Page[AttemptOut] */
		Page_AttemptOut_: {
			/** Items */
			items: components["schemas"]["AttemptOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[ConsumerOut] */
		Page_ConsumerOut_: {
			/** Items */
			items: components["schemas"]["ConsumerOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[DeliveryOut] */
		Page_DeliveryOut_: {
			/** Items */
			items: components["schemas"]["DeliveryOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[EventOut] */
		Page_EventOut_: {
			/** Items */
			items: components["schemas"]["EventOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[EventTypeOut] */
		Page_EventTypeOut_: {
			/** Items */
			items: components["schemas"]["EventTypeOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[MessageItem] */
		Page_MessageItem_: {
			/** Items */
			items: components["schemas"]["MessageItem"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[NoticeOut] */
		Page_NoticeOut_: {
			/** Items */
			items: components["schemas"]["NoticeOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** Page[SchemaVersionOut] */
		Page_SchemaVersionOut_: {
			/** Items */
			items: components["schemas"]["SchemaVersionOut"][];
			/** Nextcursor */
			nextCursor?: string | null;
		};
		/** PollOut */
		PollOut: {
			/**
			 * Url
			 * @description Where its Consumer pulls: GET, with the endpoint's poll token as the bearer; POST `/commit` and `/seek` below it
			 */
			url: string;
			/**
			 * Cursor
			 * @description The committed cursor; null before any commit
			 */
			cursor: string | null;
			/**
			 * Committedthrough
			 * @description Its Deliveries made up to this time are committed (or skipped by a seek); null before any commit
			 */
			committedThrough: string | null;
		};
		/** PollPage */
		PollPage: {
			/** Data */
			data: components["schemas"]["PolledMessage"][];
			/**
			 * Cursor
			 * @description Opaque: where a page ends. Pass it as `cursor` for the next page, and commit it once the page is processed; null before anything was pulled
			 */
			cursor: string | null;
			/**
			 * Done
			 * @description Nothing more to pull now
			 */
			done: boolean;
		};
		/** PollTokenOut */
		PollTokenOut: {
			/**
			 * Polltoken
			 * @description The hlpoll_ token its Consumer pulls with now
			 */
			pollToken: string;
		};
		/**
		 * PolledMessage
		 * @description One message as a push would have sent it: verify `body` with `headers` as a webhook.
		 */
		PolledMessage: {
			/**
			 * Id
			 * @description The Delivery's id
			 */
			id: string;
			/**
			 * Status
			 * @description `pending` until a commit covers it, then `delivered` (shown again after a seek back)
			 */
			status: string;
			/** Eventid */
			eventId: string;
			/** Eventtype */
			eventType: string;
			/**
			 * Timestamp
			 * @description When the event was published
			 */
			timestamp: string;
			/**
			 * Body
			 * @description The body a push would send, byte for byte
			 */
			body: string;
			/**
			 * Headers
			 * @description The signature headers a push would send (webhook-id, webhook-timestamp, webhook-signature, or the endpoint's svix-* names), signed now, and the content type
			 */
			headers: {
				[key: string]: string;
			};
		};
		/** PortalLinkIn */
		PortalLinkIn: {
			/**
			 * Expiresin
			 * @description seconds; 3600 when absent
			 */
			expiresIn?: number | null;
			/**
			 * Readonly
			 * @default false
			 */
			readOnly: boolean;
			/**
			 * Eventtypes
			 * @description the event types the Consumer may subscribe to; all when absent
			 */
			eventTypes?: string[] | null;
		};
		/** PortalLinkOut */
		PortalLinkOut: {
			/** Url */
			url: string;
			/** Token */
			token: string;
			/** Expiresat */
			expiresAt: string;
		};
		/** PortalSettingsIn */
		PortalSettingsIn: {
			/** Name */
			name?: string | null;
			/** Logourl */
			logoUrl?: string | null;
			/**
			 * Accentcolor
			 * @description #rrggbb
			 */
			accentColor?: string | null;
			/**
			 * Supporturl
			 * @description https://, shown in failure notices
			 */
			supportUrl?: string | null;
			/**
			 * Noticesenabled
			 * @description Whether Consumers' contacts are sent failure notices
			 */
			noticesEnabled?: boolean | null;
			/**
			 * Failingnoticehours
			 * @description Hours between two failing notices of one endpoint (null: 24)
			 */
			failingNoticeHours?: number | null;
		};
		/** PortalSettingsOut */
		PortalSettingsOut: {
			/** Name */
			name: string | null;
			/** Logourl */
			logoUrl: string | null;
			/** Accentcolor */
			accentColor: string | null;
			/** Supporturl */
			supportUrl?: string | null;
			/**
			 * Noticesenabled
			 * @default true
			 */
			noticesEnabled: boolean;
			/** Failingnoticehours */
			failingNoticeHours?: number | null;
			/** Updatedat */
			updatedAt?: string | null;
		};
		/** PreviewOut */
		PreviewOut: {
			/**
			 * Matched
			 * @description The filter lets it through (true without a filter)
			 */
			matched: boolean;
			/**
			 * Cancelled
			 * @description The transformation cancelled it: nothing is sent
			 */
			cancelled: boolean;
			/**
			 * Url
			 * @description Where it would go; null when not matched
			 */
			url: string | null;
			/**
			 * Headers
			 * @description What would be sent, signed with the secrets in force now
			 */
			headers: {
				[key: string]: string;
			} | null;
			/**
			 * Body
			 * @description The body that would be sent
			 */
			body: string | null;
			/**
			 * Error
			 * @description Why the filter's evaluation failed (no match), or why the transformation failed (the attempt would fail)
			 */
			error: string | null;
			/**
			 * Durationms
			 * @description Time the filter and the transformation took, in milliseconds
			 */
			durationMs: number;
			/**
			 * Key
			 * @description A broker target's message key (Kafka's record key, a FIFO queue's group...); null for an HTTP target or when nothing would be sent
			 */
			key?: string | null;
		};
		/** Problem */
		Problem: {
			/** Type */
			type?: string | null;
			/** Title */
			title?: string | null;
			/** Status */
			status?: number | null;
			/** Detail */
			detail?: string | null;
			/** Instance */
			instance?: string | null;
			/** Errors */
			errors?: components["schemas"]["FieldError"][] | null;
		};
		/** ProviderOut */
		ProviderOut: {
			/** Code */
			code: string;
			/** Name */
			name: string;
			/** Scheme */
			scheme: string;
			/** Needssecret */
			needsSecret: boolean;
			/** Configfields */
			configFields: components["schemas"]["ConfigFieldOut"][];
			/** Eventidlocation */
			eventIdLocation: string;
			/** Strippedheaders */
			strippedHeaders: string[];
			/**
			 * Verification
			 * @description signature, token (the secret travels as is), skipped (needs a key fetched over the network: never verified) or configurable (generic)
			 */
			verification: string;
			/**
			 * Handshake
			 * @description The registration handshake and how it is answered, or null
			 */
			handshake: string | null;
		};
		/** RecoverIn */
		RecoverIn: {
			/**
			 * Since
			 * Format: date-time
			 * @description Deliveries created at or after this time
			 */
			since: string;
			/**
			 * Until
			 * @description ...and at or before this one
			 */
			until?: string | null;
			/**
			 * Statuses
			 * @description Default: exhausted and cancelled
			 */
			statuses?: ("exhausted" | "cancelled")[] | null;
			/**
			 * Dryrun
			 * @description Count the matching Deliveries only
			 * @default false
			 */
			dryRun: boolean;
		};
		/** RecoveryOut */
		RecoveryOut: {
			/** Id */
			id: string;
			/** Targetid */
			targetId: string;
			/**
			 * Status
			 * @enum {string}
			 */
			status: "running" | "done" | "cancelled";
			/** Since */
			since: string;
			/** Until */
			until: string | null;
			/** Statuses */
			statuses: ("exhausted" | "cancelled")[];
			/**
			 * Matching
			 * @description Deliveries that matched when it was asked for
			 */
			matching: number;
			/**
			 * Recovered
			 * @description Deliveries re-sent so far
			 */
			recovered: number;
			/** Createdat */
			createdAt: string;
			/** Finishedat */
			finishedAt: string | null;
		};
		/** RecoveryStarted */
		RecoveryStarted: {
			/**
			 * Id
			 * @description The recovery, and its Temporal workflow's id
			 */
			id: string;
			/**
			 * Recovered
			 * @description The Deliveries it re-sends, in creation order
			 */
			recovered: number;
		};
		/** ReplayOut */
		ReplayOut: {
			/** Eventid */
			eventId?: string | null;
			/** Messageid */
			messageId?: string | null;
			/** Deliveries */
			deliveries: string[];
		};
		/** RetryOut */
		RetryOut: {
			/** Id */
			id: string;
			/**
			 * Status
			 * @default queued
			 */
			status: string;
		};
		/** SchemaError */
		SchemaError: {
			/**
			 * Pointer
			 * @description JSON Pointer into `data`
			 */
			pointer: string;
			/** Message */
			message: string;
		};
		/** SchemaVersionOut */
		SchemaVersionOut: {
			/** Version */
			version: number;
			/** Schema */
			schema: {
				[key: string]: unknown;
			};
			/** Createdat */
			createdAt: string;
		};
		/**
		 * SecretIn
		 * @description A rotation: a new key of the target's scheme, of `signatureScheme` (a switch), or the
		 *     one given.
		 */
		SecretIn: {
			/**
			 * Secret
			 * @description A whsec_ secret (v1) or a whsk_ signing key (v1a); made when absent
			 */
			secret?: string | null;
			/**
			 * Signaturescheme
			 * @description The scheme of the new key; absent: the target's, or the given secret's
			 */
			signatureScheme?: ("v1" | "v1a") | null;
		};
		/** SecretOut */
		SecretOut: {
			/**
			 * Secret
			 * @description What receivers verify with from now: the `whsec_` secret (`v1`) or the `whpk_` public key (`v1a`)
			 */
			secret: string;
		};
		/** SeekIn */
		SeekIn: {
			/**
			 * After
			 * Format: date-time
			 * @description Pull next the messages of events published at this time or later, delivered ones included
			 */
			after: string;
		};
		/** SeekOut */
		SeekOut: {
			/**
			 * Cursor
			 * @description The committed cursor now
			 */
			cursor: string;
		};
		/** SkippedOut */
		SkippedOut: {
			/** Id */
			id: string;
			/**
			 * Status
			 * @default exhausted
			 */
			status: string;
			/**
			 * Next
			 * @description The Delivery now at the head of the line; null when none waits
			 */
			next?: string | null;
		};
		/** SourceIn */
		SourceIn: {
			/**
			 * Url
			 * @description A broker Source's topic or queue: `kafka://host:port/topic[?tls=true]`, `sqs://region/queue`, `amqp[s]://host[:port]/vhost?queue=name`. It passes the same URL rules as a broker target's
			 */
			url?: string | null;
			/**
			 * Deadletter
			 * @description A broker Source's: the target URL, of its kind and on its broker, that takes a message which can never be published (bad JSON, an unknown Consumer or event type, a schema's refusal, over the quota), with the reason in the `hookline-dead-letter-reason` header or attribute. Required for a broker Source
			 */
			deadLetter?: string | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description A broker Source's: where a message's Event fields are, each a JMESPath expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or `hookline-idempotency-key` header (an SQS message attribute) comes first. `payload` absent: the whole body; `idempotencyKey` absent: the message's own id (Kafka's topic, partition and offset). In a PATCH, the members given replace the stored ones (null removes one); null removes them all */
			mapping?: components["schemas"]["MappingIn"] | null;
			/** @description A broker Source's bounds: `concurrency` (messages published at once, 1 to 100), `batchSize` (messages read at once, 1 to 500; RabbitMQ 1 to 100; SQS 1 to 10) and, for Kafka, `startFrom` (`latest` or `earliest`: where a new Source begins). In a PATCH, the members given replace the stored ones (null: the default) */
			consumption?: components["schemas"]["ConsumptionIn"] | null;
			/** Name */
			name: string;
			/**
			 * Type
			 * @description `webhook` (the default; an ingestion URL providers post to), `cron` (a message on a schedule), or a broker Source that reads a topic or queue and publishes each message as an Event: `kafka`, `sqs` or `amqp` (when absent, the `url`'s kind)
			 * @default webhook
			 * @enum {string}
			 */
			type: "webhook" | "cron" | "kafka" | "sqs" | "amqp";
		};
		/** SourceOut */
		SourceOut: {
			/** Id */
			id: string;
			/** Name */
			name: string;
			/** Type */
			type: string;
			/** Status */
			status: string;
			/**
			 * Url
			 * @description The ingestion URL, or a broker Source's topic or queue
			 */
			url: string;
			/** Provider */
			provider: string;
			/** Hassecret */
			hasSecret: boolean;
			/** Providerconfig */
			providerConfig?: {
				[key: string]: unknown;
			} | null;
			/** Cronexpression */
			cronExpression?: string | null;
			/** Crontimezone */
			cronTimezone?: string | null;
			/** Cronpayload */
			cronPayload?: string | null;
			/** Nextrunat */
			nextRunAt?: string | null;
			/** Lastrunat */
			lastRunAt?: string | null;
			/** Lastmessageat */
			lastMessageAt?: string | null;
			/** Silencealertminutes */
			silenceAlertMinutes?: number | null;
			/** Alertemails */
			alertEmails?: string | null;
			/** Lastalertat */
			lastAlertAt?: string | null;
			/** Lastalerterror */
			lastAlertError?: string | null;
			/** Destinations */
			destinations: number;
			/**
			 * Deadletter
			 * @description A broker Source's: the target URL, of its kind and on its broker, that takes a message which can never be published (bad JSON, an unknown Consumer or event type, a schema's refusal, over the quota), with the reason in the `hookline-dead-letter-reason` header or attribute. Required for a broker Source
			 */
			deadLetter?: string | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsOut"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsOut"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description A broker Source's: where a message's Event fields are, each a JMESPath expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or `hookline-idempotency-key` header (an SQS message attribute) comes first. `payload` absent: the whole body; `idempotencyKey` absent: the message's own id (Kafka's topic, partition and offset). In a PATCH, the members given replace the stored ones (null removes one); null removes them all */
			mapping?: components["schemas"]["MappingOut"] | null;
			/** @description A broker Source's bounds: `concurrency` (messages published at once, 1 to 100), `batchSize` (messages read at once, 1 to 500; RabbitMQ 1 to 100; SQS 1 to 10) and, for Kafka, `startFrom` (`latest` or `earliest`: where a new Source begins). In a PATCH, the members given replace the stored ones (null: the default) */
			consumption?: components["schemas"]["ConsumptionOut"] | null;
			/** @description A broker Source's: how far behind its topic or queue it last was */
			lag?: components["schemas"]["LagOut"] | null;
			/**
			 * Lasterror
			 * @description A broker Source's: why it last could not read, publish or acknowledge
			 */
			lastError?: string | null;
			/** Lasterrorat */
			lastErrorAt?: string | null;
			/**
			 * Pauseduntil
			 * @description A broker Source's: it reads nothing until then, the environment's quota or rate limit having refused, or a failure (`lastError`) to be tried again
			 */
			pausedUntil?: string | null;
			/** Createdat */
			createdAt: string;
		};
		/**
		 * SourcePatch
		 * @description Absent fields stay as they are; null clears the nullable ones.
		 */
		SourcePatch: {
			/**
			 * Url
			 * @description A broker Source's topic or queue: `kafka://host:port/topic[?tls=true]`, `sqs://region/queue`, `amqp[s]://host[:port]/vhost?queue=name`. It passes the same URL rules as a broker target's
			 */
			url?: string | null;
			/**
			 * Deadletter
			 * @description A broker Source's: the target URL, of its kind and on its broker, that takes a message which can never be published (bad JSON, an unknown Consumer or event type, a schema's refusal, over the quota), with the reason in the `hookline-dead-letter-reason` header or attribute. Required for a broker Source
			 */
			deadLetter?: string | null;
			/** @description A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null removes it */
			credentials?: components["schemas"]["CredentialsIn"] | null;
			/** @description TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the stored one (`clientKey` left out keeps the stored one); null removes it */
			tls?: components["schemas"]["TlsIn"] | null;
			/**
			 * Endpointoverride
			 * @description The AWS kinds': the service endpoint to use instead of AWS's own for the region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
			 */
			endpointOverride?: string | null;
			/** @description A broker Source's: where a message's Event fields are, each a JMESPath expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or `hookline-idempotency-key` header (an SQS message attribute) comes first. `payload` absent: the whole body; `idempotencyKey` absent: the message's own id (Kafka's topic, partition and offset). In a PATCH, the members given replace the stored ones (null removes one); null removes them all */
			mapping?: components["schemas"]["MappingIn"] | null;
			/** @description A broker Source's bounds: `concurrency` (messages published at once, 1 to 100), `batchSize` (messages read at once, 1 to 500; RabbitMQ 1 to 100; SQS 1 to 10) and, for Kafka, `startFrom` (`latest` or `earliest`: where a new Source begins). In a PATCH, the members given replace the stored ones (null: the default) */
			consumption?: components["schemas"]["ConsumptionIn"] | null;
			/** Name */
			name?: string | null;
			/** Status */
			status?: ("enabled" | "disabled") | null;
			/** Provider */
			provider?: string | null;
			/** Providerconfig */
			providerConfig?: {
				[key: string]: unknown;
			} | null;
			/**
			 * Silencealertminutes
			 * @description 0 turns the alert off; at most 43200 (30 days)
			 */
			silenceAlertMinutes?: number | null;
			/**
			 * Alertemails
			 * @description Up to 5 addresses separated by commas
			 */
			alertEmails?: string | null;
			/**
			 * Cronexpression
			 * @description cron sources only; 5 fields
			 */
			cronExpression?: string | null;
			/**
			 * Crontimezone
			 * @description cron sources only; IANA name, default UTC
			 */
			cronTimezone?: string | null;
			/**
			 * Cronpayload
			 * @description cron sources only; a JSON object's text
			 */
			cronPayload?: string | null;
		};
		/** SourceSecretIn */
		SourceSecretIn: {
			/**
			 * Secret
			 * @description The provider secret; null removes it
			 */
			secret: string | null;
		};
		/** TargetStatsOut */
		TargetStatsOut: {
			/** Since */
			since: string;
			/** Deliveries */
			deliveries: {
				[key: string]: number;
			};
			/** Attempts */
			attempts: {
				[key: string]: number;
			};
			/** Successrate */
			successRate?: number | null;
			/** Durationp50Ms */
			durationP50Ms?: number | null;
			/** Durationp95Ms */
			durationP95Ms?: number | null;
			/** Lastsuccessat */
			lastSuccessAt?: string | null;
			lastFailure?: components["schemas"]["LastFailure"] | null;
			/** Consecutivefailures */
			consecutiveFailures: number;
			/** Status */
			status: string;
			/** Disabledreason */
			disabledReason?: string | null;
		};
		/** TlsIn */
		TlsIn: {
			/**
			 * Clientcertificate
			 * @description PEM: the client certificate, then any intermediates; with clientKey
			 */
			clientCertificate?: string | null;
			/**
			 * Clientkey
			 * @description Write-only: the certificate's PEM private key (unencrypted)
			 */
			clientKey?: string | null;
			/**
			 * Cabundle
			 * @description PEM: the CAs trusted for the receiver's certificate, instead of the public roots
			 */
			caBundle?: string | null;
		};
		/** TlsOut */
		TlsOut: {
			/**
			 * Clientcertificate
			 * @description PEM: the client certificate, then any intermediates
			 */
			clientCertificate?: string | null;
			/**
			 * Cabundle
			 * @description PEM: the CAs trusted for the receiver's certificate, instead of the public roots
			 */
			caBundle?: string | null;
		};
		/** ValidationError */
		ValidationError: {
			/** Location */
			loc: (string | number)[];
			/** Message */
			msg: string;
			/** Error Type */
			type: string;
			/** Input */
			input?: unknown;
			/** Context */
			ctx?: Record<string, never>;
		};
		/** PublishIn */
		PublishIn: {
			/** Type */
			type: string;
			/**
			 * Consumer
			 * @description Consumer externalId
			 */
			consumer: string;
			/** Data */
			data: {
				[key: string]: unknown;
			};
		};
	};
	responses: never;
	parameters: never;
	requestBodies: never;
	headers: never;
	pathItems: never;
}
interface operations {
	ingest_get: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				token: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": unknown;
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Method not allowed */
			405: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation Error */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["HTTPValidationError"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	ingest_put: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				token: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A provider's registration handshake, answered as it expects (Slack, Zoom, Discord, Twitch, Asana...; Meta, Dropbox, Okta by GET); nothing is stored */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Accepted"];
				};
			};
			/** @description The signature did not verify: stored with a null body, not forwarded */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation Error */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["HTTPValidationError"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	ingest_post: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				token: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A provider's registration handshake, answered as it expects (Slack, Zoom, Discord, Twitch, Asana...; Meta, Dropbox, Okta by GET); nothing is stored */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Accepted"];
				};
			};
			/** @description The signature did not verify: stored with a null body, not forwarded */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation Error */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["HTTPValidationError"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	ingest_head: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				token: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": unknown;
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Method not allowed */
			405: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation Error */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["HTTPValidationError"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	ingest_patch: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				token: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A provider's registration handshake, answered as it expects (Slack, Zoom, Discord, Twitch, Asana...; Meta, Dropbox, Okta by GET); nothing is stored */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Accepted"];
				};
			};
			/** @description The signature did not verify: stored with a null body, not forwarded */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation Error */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["HTTPValidationError"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_events: {
		parameters: {
			query?: {
				type?: string | null;
				consumer?: string | null;
				status?: ("pending" | "processing" | "retrying" | "delivered" | "exhausted" | "cancelled" | "held") | null;
				from?: string | null;
				to?: string | null;
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_EventOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	publish_event: {
		parameters: {
			query?: never;
			header?: {
				/** @description Repeats within 24 h answer the first Event, creating nothing */
				"Idempotency-Key"?: string;
			};
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["PublishIn"];
			};
		};
		responses: {
			/** @description The Event, stored with its Deliveries (an idempotent repeat: the first one) */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EventOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Plan limit reached */
			402: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_event: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				event_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EventDetail"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_event_deliveries: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path: {
				event_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_DeliveryOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	erase_event_payload: {
		parameters: {
			query?: {
				/** @description `true`: cancel the Deliveries that may still send the payload (pending, processing or retrying), then erase it, in one request. `false` (the default): 409 `payload-in-flight` while any may still send it. */
				cancel?: "true" | "false";
			};
			header?: never;
			path: {
				event_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	replay_event: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				event_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ReplayOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	healthz: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": {
						[key: string]: string;
					};
				};
			};
		};
	};
	readyz: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": unknown;
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_consumers: {
		parameters: {
			query?: {
				limit?: number;
				cursor?: string | null;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_ConsumerOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_consumer: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["ConsumerIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ConsumerOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_consumer: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ConsumerOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_consumer: {
		parameters: {
			query?: {
				/** @description Also erase the payloads of the Consumer's events (their metadata, Deliveries and attempts stay) */
				erasePayloads?: boolean;
			};
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_consumer: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["ConsumerPatch"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ConsumerOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_event_types: {
		parameters: {
			query?: {
				limit?: number;
				cursor?: string | null;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_EventTypeOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_event_type: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EventTypeIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EventTypeOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_event_type: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				name: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EventTypeOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_event_type: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				name: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_event_type: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				name: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EventTypePatch"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EventTypeOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_schema_versions: {
		parameters: {
			query?: {
				limit?: number;
				cursor?: string | null;
			};
			header?: never;
			path: {
				name: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_SchemaVersionOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_deliveries: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
				endpoint?: string | null;
				destination?: string | null;
				/** @description The Consumer's id or externalId */
				consumer?: string | null;
				eventType?: string | null;
				status?: ("pending" | "processing" | "retrying" | "delivered" | "exhausted" | "cancelled" | "held") | null;
				/** @description The (last) attempt's error type */
				errorType?: ("timeout" | "connection" | "dns" | "tls" | "blocked_url" | "http_status" | "circuit_open" | "transformation" | "oauth" | "proxy" | "broker_unreachable" | "broker_refused" | "broker_auth" | "not_polled" | "mail_refused") | null;
				/** @description The (last) attempt's response status: a code (503) or a class (5xx) */
				responseStatus?: string | null;
				/** @description Created at or after (inclusive) */
				from?: string | null;
				/** @description Created at or before (inclusive) */
				to?: string | null;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_DeliveryOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_delivery: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				delivery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DeliveryOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_delivery_attempts: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path: {
				delivery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_AttemptOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	retry_delivery: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				delivery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RetryOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	skip_delivery: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				delivery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SkippedOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_endpoints: {
		parameters: {
			query?: {
				consumer?: string | null;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"][];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EndpointIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointCreated"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EndpointPatchIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	set_endpoint_headers: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["HeadersIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": {
						[key: string]: string;
					};
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	rotate_endpoint_secret: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				"application/json": components["schemas"]["SecretIn"] | null;
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SecretOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	rotate_endpoint_poll_token: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PollTokenOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	test_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointTestResult"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_endpoint_stats: {
		parameters: {
			query?: {
				/** @description Count from this time (default: 24 hours ago) */
				since?: string | null;
			};
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["TargetStatsOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_endpoint_attempts: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
				status?: ("succeeded" | "failed") | null;
				/** @description The (last) attempt's error type */
				errorType?: ("timeout" | "connection" | "dns" | "tls" | "blocked_url" | "http_status" | "circuit_open" | "transformation" | "oauth" | "proxy" | "broker_unreachable" | "broker_refused" | "broker_auth" | "not_polled" | "mail_refused") | null;
				/** @description The (last) attempt's response status: a code (503) or a class (5xx) */
				responseStatus?: string | null;
				/** @description Created at or after (inclusive) */
				from?: string | null;
				/** @description Created at or before (inclusive) */
				to?: string | null;
			};
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_AttemptOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	recover_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["RecoverIn"];
			};
		};
		responses: {
			/** @description dryRun: how many match; nothing done */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Matching"];
				};
			};
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecoveryStarted"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	preview_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EventPreviewIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PreviewOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_sources: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"][];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_source: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["SourceIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Plan limit reached */
			402: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_source: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_source: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_source: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["SourcePatch"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	set_source_secret: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["SourceSecretIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	rotate_source_token: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SourceOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_destinations: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DestinationOut"][];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_destination: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DestinationIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DestinationCreated"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	rotate_destination_secret: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				"application/json": components["schemas"]["SecretIn"] | null;
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SecretOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_destination: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_destination: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DestinationPatch"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DestinationOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_destination_stats: {
		parameters: {
			query?: {
				/** @description Count from this time (default: 24 hours ago) */
				since?: string | null;
			};
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["TargetStatsOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_destination_attempts: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
				status?: ("succeeded" | "failed") | null;
				/** @description The (last) attempt's error type */
				errorType?: ("timeout" | "connection" | "dns" | "tls" | "blocked_url" | "http_status" | "circuit_open" | "transformation" | "oauth" | "proxy" | "broker_unreachable" | "broker_refused" | "broker_auth" | "not_polled" | "mail_refused") | null;
				/** @description The (last) attempt's response status: a code (503) or a class (5xx) */
				responseStatus?: string | null;
				/** @description Created at or after (inclusive) */
				from?: string | null;
				/** @description Created at or before (inclusive) */
				to?: string | null;
			};
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_AttemptOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	recover_destination: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["RecoverIn"];
			};
		};
		responses: {
			/** @description dryRun: how many match; nothing done */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Matching"];
				};
			};
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecoveryStarted"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	preview_destination: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				destination_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["MessagePreviewIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PreviewOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_messages: {
		parameters: {
			query?: {
				verification?: ("verified" | "failed" | "skipped" | "not_configured") | null;
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path: {
				source_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_MessageItem_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_message: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				message_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["MessageDetail"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_message_deliveries: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path: {
				message_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_DeliveryOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	erase_message_payload: {
		parameters: {
			query?: {
				/** @description `true`: cancel the Deliveries that may still send the payload (pending, processing or retrying), then erase it, in one request. `false` (the default): 409 `payload-in-flight` while any may still send it. */
				cancel?: "true" | "false";
			};
			header?: never;
			path: {
				message_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	replay_message: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				message_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ReplayOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Conflict */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_providers: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ProviderOut"][];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_recovery: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				recovery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecoveryOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	cancel_recovery: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				recovery_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecoveryOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_operational_endpoints: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"][];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	create_operational_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["OperationalEndpointIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointCreated"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_operational_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	delete_operational_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_operational_endpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EndpointPatchIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EndpointOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	rotate_operational_secret: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				"application/json": components["schemas"]["SecretIn"] | null;
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SecretOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_metrics: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Prometheus text exposition format */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"text/plain": string;
				};
			};
		};
	};
	create_portal_link: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				"application/json": components["schemas"]["PortalLinkIn"] | null;
			};
		};
		responses: {
			/** @description Successful Response */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PortalLinkOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	revoke_portal_links: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_portal_settings: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PortalSettingsOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_portal_settings: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["PortalSettingsIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PortalSettingsOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	get_environment: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EnvironmentOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	update_environment: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["EnvironmentPatch"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["EnvironmentOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description An operator's action, not an API key's */
			403: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	poll: {
		parameters: {
			query?: {
				cursor?: string | null;
				limit?: number;
			};
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["PollPage"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	commit_poll: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["CommitIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CommitOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	seek_poll: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				endpoint_id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["SeekIn"];
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["SeekOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	list_notices: {
		parameters: {
			query?: {
				limit?: number;
				cursor?: string | null;
			};
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["Page_NoticeOut_"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
	preview_notice: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				ref: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				"application/json": components["schemas"]["NoticePreviewIn"] | null;
			};
		};
		responses: {
			/** @description Successful Response */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["NoticePreviewOut"];
				};
			};
			/** @description Missing, invalid or revoked API key */
			401: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Not found (also for another environment's resources) */
			404: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Request body too large */
			413: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Body is not application/json */
			415: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Validation failed */
			422: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Rate limit exceeded; see Retry-After */
			429: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Internal error */
			500: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
			/** @description Database or Temporal unavailable */
			503: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/problem+json": components["schemas"]["Problem"];
				};
			};
		};
	};
}
/** What every error answer carries (application/problem+json). */
export type Problem = components["schemas"]["Problem"];
export type HooklineClient = Client<paths>;
export declare function hooklineClient(baseUrl: string, apiKey: string, options?: ClientOptions): HooklineClient;

export {};
