/**
 * A cell's chart as a file a reader can open safely: the frame's SVG markup, parsed in an inert
 * document, without what would run or load when the file is opened (scripts, foreign HTML, event
 * handler attributes, links to anything but the image itself or an embedded picture).
 */
const DROPPED_ELEMENTS = "script, foreignObject, iframe, object, embed, audio, video";

export function safeSvg(markup: string): string {
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg.localName !== "svg" || parsed.querySelector("parsererror") !== null)
    throw new Error("the cell's chart is not well-formed SVG");
  for (const dropped of svg.querySelectorAll(DROPPED_ELEMENTS)) dropped.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")])
    for (const attribute of [...node.attributes])
      if (/^on/i.test(attribute.name) || (/href$/i.test(attribute.name) && !isInert(attribute.value)))
        node.removeAttribute(attribute.name);
  return new XMLSerializer().serializeToString(svg);
}

/** A link within the file, or a picture embedded in it. */
const isInert = (href: string): boolean => /^\s*(#|data:image\/(png|jpeg|gif|webp);)/i.test(href);
