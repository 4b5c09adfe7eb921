/**
 * What every lesson page loads after its first load, in one module: the explore section's parts,
 * the class deck, the presenter and the exporter. One module rather than one per part, because
 * esbuild splits a page's code by which of its on-demand modules use it: every extra one cut the
 * first load into more, smaller files, which compress worse (lesson 4: 30 files, 7 KB gzip more
 * than the same code in one).
 */
export {ExploreParts} from "../notebook/explore-parts.js";
export {ClassDeck} from "../class/class-deck.js";
export {present} from "../class/presenter.js";
export {slideSvg, standaloneSvg} from "../export/standalone-svg.js";
