import type * as Xlsx from "@e965/xlsx";

export type XlsxModule = typeof Xlsx;

/**
 * SheetJS, loaded when a spreadsheet is first read or written rather than at start: it is the
 * heaviest module the server uses (about 0.2 s of every start-up on a 2-core machine), for two admin
 * and subscriber actions. Node caches it after the first call.
 */
export function loadXlsx(): Promise<XlsxModule> {
  return import("@e965/xlsx");
}
