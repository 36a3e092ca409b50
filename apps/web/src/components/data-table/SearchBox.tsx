import { useEffect, useRef, useState } from 'react';

/** docs/product.md §13.7: the search waits 500 ms after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 500;

export function SearchBox({
  value,
  onSearch,
  placeholder = 'Search',
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The pause ends after other filters may have changed the URL: send through the newest `onSearch`,
  // whose list state knows them, not the one of the render the typing happened in.
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });
  // Back/forward or a reset changes the URL: show its search, not what was typed before.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <input
      type="search"
      className="form-control form-control-sm"
      placeholder={placeholder}
      aria-label={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latestOnSearch.current(next), SEARCH_DEBOUNCE_MS);
      }}
    />
  );
}
