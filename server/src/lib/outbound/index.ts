/** The guarded outbound HTTP client (issue 24 item 1): see client.ts, address.ts, settings.ts. */
export { type AddressClass, type Classified, classify, decide, normalize, parseAllowlist } from './address';
export { checkOutboundUrl, MAX_REDIRECTS, type OutboundOptions, type OutboundResponse, outboundRequest, type Resolver, systemResolver } from './client';
export { isOutboundError, type OutboundError, type OutboundReason, outboundError } from './messages';
export { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, OUTBOUND_KEYS, type OutboundSettings, outboundSettings, readOutboundSettings, writeOutboundSettings } from './settings';
