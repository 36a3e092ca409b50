/**
 * An inline SVG icon from the bootstrap-icons package, imported per icon as raw text
 * (`import bell from 'bootstrap-icons/icons/bell.svg?raw'`) so each chunk carries only the icons it shows
 * and no icon font is downloaded (docs/decisions/0288). Decorative by default;
 * give `label` when the icon is the only content of a control.
 */
export function Icon({ svg, label, className }: { svg: string; label?: string; className?: string }) {
  return (
    <span
      className={`icon${className ? ` ${className}` : ''}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
