import { describe, expect, it } from "vitest";
import { chooseDpopAlgorithm } from "./dpop-choice.js";

describe("chooseDpopAlgorithm", () => {
  it("signs with an advertised algorithm the SDK supports, EC first", () => {
    expect(chooseDpopAlgorithm({ dpop_signing_alg_values_supported: ["RS256", "ES256"] }, undefined)).toBe(
      "ES256",
    );
    expect(chooseDpopAlgorithm({ dpop_signing_alg_values_supported: ["PS256"] }, true)).toBe("PS256");
  });

  it("stays with Bearer when not advertised, nothing signable, or turned off", () => {
    expect(chooseDpopAlgorithm(undefined, undefined)).toBeUndefined();
    expect(chooseDpopAlgorithm({ issuer: "https://as.example" }, undefined)).toBeUndefined();
    expect(
      chooseDpopAlgorithm({ dpop_signing_alg_values_supported: ["HS256", "none"] }, undefined),
    ).toBeUndefined();
    expect(chooseDpopAlgorithm({ dpop_signing_alg_values_supported: "ES256" }, undefined)).toBeUndefined();
    expect(chooseDpopAlgorithm({ dpop_signing_alg_values_supported: ["ES256"] }, false)).toBeUndefined();
  });
});
