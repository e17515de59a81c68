/** Whether `zone` is a time zone the runtime knows (an IANA name such as `Europe/Amsterdam`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
