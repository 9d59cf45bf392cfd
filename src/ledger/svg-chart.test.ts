import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barChart, escapeXml, niceCeiling } from "./svg-chart.js";

describe("barChart", () => {
  it("draws one rect per non-zero value, stacked, with escaped tooltips and labels", () => {
    const svg = barChart({
      title: "Tokens <per> call",
      labels: ["a&b", "c"],
      series: [
        { name: "tools", color: "#2563eb", values: [300, 0] },
        { name: "rest", color: "#94a3b8", values: [100, 200] },
      ],
      format: (value) => String(value),
    });
    expect(svg.match(/<rect [^>]*fill="#2563eb"><title>/g)).toHaveLength(1);
    expect(svg.match(/<rect [^>]*fill="#94a3b8"><title>/g)).toHaveLength(2);
    expect(svg).toContain("<title>a&amp;b: tools 300</title>");
    expect(svg).toContain('aria-label="Tokens &lt;per&gt; call"');
    expect(svg).not.toContain("a&b");
    // Axis top: 500 (a round number above the 400 stack); the stack's top edge sits at 400/500 of the height.
    expect(svg).toContain(">500</text>");
  });

  it("draws an empty chart without dividing by zero", () => {
    const svg = barChart({ title: "t", labels: [], series: [], format: String });
    expect(svg).not.toContain("NaN");
    expect(svg).not.toContain("Infinity");
  });
});

describe("niceCeiling", () => {
  it("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 0.0518, 400, 1000, 5244, 7600].map(niceCeiling)).toEqual([1, 0.1, 500, 1000, 10_000, 10_000]);
  });

  it("property: at or above the value, and less than 2.5 times it", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (value) => {
        const top = niceCeiling(value);
        return top >= value && top < value * 2.5 + 1e-9;
      }),
      { numRuns: 200 },
    );
  });
});

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
