import { IssuerMismatchError, validateAuthorizationResponseIssuer } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { AuthError, AuthorizationRefusedError } from "./auth-error.js";
import { checkRefusalIssuer, fromIssuerMismatch, issuerMismatch } from "./issuer-check.js";

const serverUrl = "https://mcp.example/mcp";
const issuer = "https://as.example";
const metadata = {
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
  response_types_supported: ["code"],
  authorization_response_iss_parameter_supported: true,
};

function sdkRefusal(iss: string | undefined): unknown {
  try {
    validateAuthorizationResponseIssuer({ iss, expectedIssuer: issuer, issParameterSupported: true });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("fromIssuerMismatch", () => {
  it("turns the SDK's RFC 9207 refusal into AUTH_FAILED naming the expected issuer, never the received one", () => {
    const sdk = sdkRefusal("https://evil.example/INJECTED");
    expect(IssuerMismatchError.isInstance(sdk)).toBe(true);
    const mapped = fromIssuerMismatch(sdk, serverUrl);
    expect(mapped).toBeInstanceOf(AuthError);
    expect(mapped?.reason).toBe("AUTH_FAILED");
    expect(mapped?.message).toContain(`expected issuer ${issuer}`);
    expect(mapped?.message).toContain(serverUrl);
    expect(mapped?.message).not.toContain("INJECTED");
    // No cause: the SDK's message quotes the received value.
    expect(mapped?.cause).toBeUndefined();
    expect(fromIssuerMismatch(sdkRefusal(undefined), serverUrl)?.reason).toBe("AUTH_FAILED");
  });

  it("leaves everything else alone, including the metadata-issuer variant", () => {
    expect(fromIssuerMismatch(new Error("x"), serverUrl)).toBeUndefined();
    expect(fromIssuerMismatch(new IssuerMismatchError("metadata", issuer, "y"), serverUrl)).toBeUndefined();
    expect(sdkRefusal(issuer)).toBeUndefined();
  });
});

describe("checkRefusalIssuer", () => {
  const refusal = (iss: string | undefined) =>
    new AuthorizationRefusedError("refused: access_denied (DESCRIPTION)", iss);

  it("lets a refusal from the expected issuer through unchanged", () => {
    const own = refusal(issuer);
    expect(checkRefusalIssuer(own, metadata, serverUrl)).toBe(own);
    const quiet = refusal(undefined);
    const notAdvertised = { ...metadata, authorization_response_iss_parameter_supported: false };
    expect(checkRefusalIssuer(quiet, notAdvertised, serverUrl)).toBe(quiet);
  });

  it("replaces a refusal from another issuer, or without the promised iss, with one that quotes nothing", () => {
    for (const iss of ["https://evil.example", `${issuer}/`, undefined]) {
      const checked = checkRefusalIssuer(refusal(iss), metadata, serverUrl);
      expect(checked).not.toBeInstanceOf(AuthorizationRefusedError);
      expect(checked.message).toBe(issuerMismatch(serverUrl, issuer).message);
      expect(checked.message).not.toContain("DESCRIPTION");
    }
  });

  it("without recorded metadata, says nothing the redirect said", () => {
    const checked = checkRefusalIssuer(refusal(issuer), undefined, serverUrl);
    expect(checked.reason).toBe("AUTH_FAILED");
    expect(checked.message).not.toContain("DESCRIPTION");
  });
});
