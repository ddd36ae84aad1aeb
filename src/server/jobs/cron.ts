/**
 * The five-field cron expressions the job registry takes (minute hour day-of-month month
 * day-of-week), always read in UTC: numbers, `*`, lists `a,b`, ranges `a-b` and steps `*\/n`. Enough
 * for the product's schedules; a wider syntax would be a dependency for nothing.
 * Unlike classic cron, a day-of-month and a day-of-week both given must both match (AND, not OR).
 */
export type Cron = { expression: string; fields: Set<number>[] };

const RANGES: Array<[number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}" needs five fields`);
  const fields = parts.map((part, index) => {
    const [min, max] = RANGES[index] as [number, number];
    const values = new Set<number>();
    for (const item of part.split(",")) {
      const [range = "", stepText] = item.split("/");
      const step = stepText === undefined ? 1 : Number(stepText);
      let [from, to] = range === "*" ? [min, max] : range.split("-").map(Number);
      if (to === undefined) to = stepText === undefined ? from : max;
      if (![from, to, step].every(Number.isInteger) || (from as number) < min || (to as number) > max || step < 1) {
        throw new Error(`cron "${expression}": "${item}" is out of range`);
      }
      for (let value = from as number; value <= (to as number); value += step) values.add(value);
    }
    return values;
  });
  return { expression, fields };
}

/** The first minute strictly after `after` that the expression matches (UTC). */
export function nextCronTime(cron: Cron, after: Date): Date {
  const [minutes, hours, days, months, weekdays] = cron.fields as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  const time = new Date(after.getTime());
  time.setUTCSeconds(0, 0);
  time.setUTCMinutes(time.getUTCMinutes() + 1);
  // A year and a day of minutes bounds the search: every valid expression matches within it.
  for (let i = 0; i < 366 * 24 * 60 + 1; i++) {
    if (!months.has(time.getUTCMonth() + 1) || !days.has(time.getUTCDate()) || !weekdays.has(time.getUTCDay())) {
      time.setUTCHours(24, 0, 0, 0);
      continue;
    }
    if (!hours.has(time.getUTCHours())) {
      time.setUTCHours(time.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (minutes.has(time.getUTCMinutes())) return time;
    time.setUTCMinutes(time.getUTCMinutes() + 1);
  }
  throw new Error(`cron "${cron.expression}" never matches`);
}
