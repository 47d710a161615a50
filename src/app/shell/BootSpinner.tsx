/**
 * A full-page loading indicator of plain markup (no antd Spin), shown while the route guard loads the session or a
 * lazy screen arrives; it keeps the sign-in route's first JavaScript small (issue 5 item 10). Labelled for screen
 * readers with `label`.
 */
export default function BootSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="kd-boot" role="status" aria-label={label}>
      <span className="kd-boot-dot" />
    </div>
  );
}
