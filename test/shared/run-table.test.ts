import {describe, expect, it} from "vitest";
import {runTable, runTableCsv, runTableJson, type RunTable} from "../../lib/shared/run-table.js";

const table: RunTable = runTable("t", "A table", {text: "some text", count: "a number", ok: "a flag"}, [
  {text: "plain", count: 1, ok: true},
  {text: "a, b", count: -2, ok: false},
  {text: 'say "hi"', count: 0, ok: null},
  {text: "two\nlines", count: 1.5, ok: true},
  {text: "cr\rhere", count: 3, ok: true},
  {text: null, count: null, ok: null},
  {text: "=SUM(A1:A2)", count: 4, ok: true},
  {text: "+1", count: 5, ok: true},
  {text: "-1, or not", count: 6, ok: true},
  {text: "@cmd", count: 7, ok: true}
]);

describe("runTableCsv", () => {
  const records = runTableCsv(table).split("\r\n");

  it("starts with the column names and ends every record with CRLF", () => {
    expect(records[0]).toBe("text,count,ok");
    expect(runTableCsv(table).endsWith("\r\n")).toBe(true);
  });

  it("quotes a field holding a comma, a quote or a line break, doubling its quotes", () => {
    expect(records[1]).toBe("plain,1,true");
    expect(records[2]).toBe('"a, b",-2,false');
    expect(records[3]).toBe('"say ""hi""",0,');
    expect(runTableCsv(table)).toContain('\r\n"two\nlines",1.5,true\r\n');
    expect(runTableCsv(table)).toContain('\r\n"cr\rhere",3,true\r\n');
  });

  it("writes null as an empty field", () => {
    expect(runTableCsv(table)).toContain("\r\n,,\r\n");
  });

  it("prefixes text a spreadsheet would run as a formula with a single quote, numbers untouched", () => {
    const csv = runTableCsv(table);
    expect(csv).toContain("\r\n'=SUM(A1:A2),4,true\r\n");
    expect(csv).toContain("\r\n'+1,5,true\r\n");
    expect(csv).toContain('\r\n"\'-1, or not",6,true\r\n');
    expect(csv).toContain("\r\n'@cmd,7,true\r\n");
    expect(records[2]).toBe('"a, b",-2,false');
  });

  it("writes only the declared columns, in their order", () => {
    const extra = runTable("t", "", {b: "", a: ""}, [{a: 1, b: 2, c: 3}]);
    expect(runTableCsv(extra)).toBe("b,a\r\n2,1\r\n");
  });
});

describe("runTableJson", () => {
  it("round-trips the rows, indented by two spaces", () => {
    const json = runTableJson(table);
    expect(JSON.parse(json)).toEqual(table.rows);
    expect(json.split("\n")[1]).toBe("  {");
  });
});
