// htl ships no type declarations. Its tagged templates escape interpolated values,
// which is why the view code uses them for anything that may hold user text.
declare module "htl" {
  export function html(strings: TemplateStringsArray, ...values: unknown[]): Element;
  export function svg(strings: TemplateStringsArray, ...values: unknown[]): SVGElement;
}
