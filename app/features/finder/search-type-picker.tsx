// "What did you find?": the metro card / token choice of every finder search form (the public
// finder and /found). Radio buttons styled as a segmented control, so it works without JavaScript.
import { SEARCH_TYPES, type SearchType } from "./search-input";

type Props = {
  legend: string;
  type: SearchType;
  /** The label of each choice, in the page's language. */
  labelOf: (type: SearchType) => string;
  /** Called when the finder picks the other type (the form clears the number: spec 000 §5). */
  onPick: (type: SearchType) => void;
};

export function SearchTypePicker({ legend, type, labelOf, onPick }: Props) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {SEARCH_TYPES.map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-700 has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
          >
            <input type="radio" name="type" value={value} checked={type === value} onChange={() => onPick(value)} className="sr-only" />
            {labelOf(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
