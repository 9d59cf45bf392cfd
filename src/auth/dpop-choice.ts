/**
 * When switchboard signs DPoP proofs (RFC 9449, SEP-1932): only where the authorization server advertises
 * `dpop_signing_alg_values_supported` with an algorithm the SDK can sign, and only if the configuration does
 * not turn it off. Pure: the provider asks this with the metadata it recorded.
 */
import { DPOP_SUPPORTED_ALGS } from "@modelcontextprotocol/client";

/** A JWS algorithm the SDK signs DPoP proofs with. */
export type DpopAlgorithm = (typeof DPOP_SUPPORTED_ALGS)[number];

/** Preferred first: small, fast EC keys, then the rest in the SDK's order. */
const PREFERENCE: readonly DpopAlgorithm[] = DPOP_SUPPORTED_ALGS;

/**
 * The algorithm to sign proofs with for an authorization server, or `undefined` when DPoP is not used (the server
 * does not advertise it, names only algorithms the SDK cannot sign, or `enabled` is `false`).
 */
export function chooseDpopAlgorithm(
  metadata: Readonly<Record<string, unknown>> | undefined,
  enabled: boolean | undefined,
): DpopAlgorithm | undefined {
  if (enabled === false || metadata === undefined) return undefined;
  const advertised = metadata.dpop_signing_alg_values_supported;
  if (!Array.isArray(advertised)) return undefined;
  return PREFERENCE.find((alg) => advertised.includes(alg));
}
