/** A data table's header row: one column header per label. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200">
        {columns.map((label, index) => (
          <th key={label} scope="col" className={index < columns.length - 1 ? "py-2 pr-4" : "py-2"}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
