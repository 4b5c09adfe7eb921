import type * as z from "zod/mini";

/** One reason an input was refused: where (a JSON pointer) and which rule it broke. */
export interface InputProblem {
  /** JSON pointer (RFC 6901) to the offending value, "" for the whole input. */
  field: string;
  /** The rule that was broken and what is accepted. */
  message: string;
}

/** RFC 6901 section 3: "~" is written "~0" and "/" is written "~1" inside a pointer segment. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => "/" + String(segment).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/**
 * zod/mini ships no English messages (loading a locale is a global setting we do not own), so
 * schemas here either carry their own message or fall back to a description of the issue code.
 */
export function problemsFromIssues(issues: readonly z.core.$ZodIssue[]): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        problems.push({field: jsonPointer([...issue.path, key]), message: "is not a recognised field; remove it"});
      }
      continue;
    }
    problems.push({field: jsonPointer(issue.path), message: messageFor(issue)});
  }
  return problems;
}

function messageFor(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== "Invalid input") return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return `must be ${article(issue.expected)}`;
    case "too_small":
      return issue.origin === "array" || issue.origin === "string"
        ? `must have at least ${String(issue.minimum)} ${issue.origin === "array" ? "item(s)" : "character(s)"}`
        : `must be ${issue.inclusive ? "at least" : "greater than"} ${String(issue.minimum)}`;
    case "too_big":
      return `must be ${issue.inclusive ? "at most" : "less than"} ${String(issue.maximum)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "invalid_format":
      return `must be in the ${issue.format} format`;
    default:
      return `is invalid (${issue.code})`;
  }
}

function article(expected: string): string {
  if (expected === "int") return "a whole number";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
