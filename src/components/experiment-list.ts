/**
 * A lesson's named experiments, each one click away. "Try it" sets the lesson's
 * inputs (and so the permalink); each experiment says what to look at and whether
 * the reader's current run shows it, recomputed live.
 */
import {html} from "htl";

export interface Experiment<Run, Inputs> {
  id: string;
  title: string;
  /** What to look at, in a sentence or two. */
  lookAt: string;
  /** Inputs that differ from the lesson's defaults. */
  overrides: Partial<Inputs>;
  /** Whether a run shows what the experiment is about. */
  shows: (run: Run) => boolean;
}

export function ExperimentList<Run, Inputs>(experiments: readonly Experiment<Run, Inputs>[], run: Run, apply: (overrides: Partial<Inputs>) => void): HTMLElement {
  return html`<ol class="experiment-list">
    ${experiments.map((experiment) => {
      const shown = experiment.shows(run);
      return html`<li class="experiment" data-experiment=${experiment.id}>
        <div class="experiment-head">
          <strong>${experiment.title}</strong>
          <button type="button" onclick=${() => apply(experiment.overrides)} aria-label=${`Try it: ${experiment.title}`}>Try it</button>
        </div>
        <p>${experiment.lookAt}</p>
        <p class=${shown ? "experiment-shown verdict-good" : "experiment-not-shown"}>${shown ? "✓ Your current run shows this." : "Your current run does not show this."}</p>
      </li>`;
    })}
  </ol>` as HTMLElement;
}
