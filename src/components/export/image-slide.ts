/**
 * A 16:9 slide of a picture the course did not draw (a reader's cell chart): the slide's title and
 * credit as every slide export has them, and the picture scaled to the room left. The picture is
 * embedded as an image, never as markup, so whatever it holds stays inert.
 */
import {SLIDE_FONT_SIZE, typeScale} from "../chart/type-scale.js";
import {SLIDE_HEIGHT_PX, SLIDE_WIDTH_PX} from "./export-buttons.js";
import {slideSvg} from "./standalone-svg.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function slideOfImage(
  svgText: string,
  size: {width: number; height: number},
  label: {title: string; caption?: string; credit: string}
): string {
  return slideSvg(
    (room) => {
      const scale = Math.min(room.width / size.width, room.height / size.height);
      const width = Math.floor(size.width * scale);
      const height = Math.floor(size.height * scale);
      const svg = document.createElementNS(SVG_NS, "svg");
      svg.setAttribute("width", String(width));
      svg.setAttribute("height", String(height));
      const image = document.createElementNS(SVG_NS, "image");
      for (const [name, value] of Object.entries({width, height, href: svgDataUrl(svgText)}))
        image.setAttribute(name, String(value));
      svg.append(image);
      return svg;
    },
    {...label, width: SLIDE_WIDTH_PX, height: SLIDE_HEIGHT_PX, type: typeScale(SLIDE_FONT_SIZE)}
  );
}

const svgDataUrl = (svgText: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
