import qs from "qs";
import { type Metadata, type Params, StripeEmulatorError } from "./model.js";

/** Request parameters, form-encoded as the SDK sends them, read and checked the way Stripe does. */

export function parseForm(text: string): Params {
  return text ? (qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 2000 }) as Params) : {};
}

export function missing(param: string): StripeEmulatorError {
  return new StripeEmulatorError(400, `Missing required param: ${param}.`, param, "parameter_missing");
}

export function invalid(param: string, expected: string): StripeEmulatorError {
  return new StripeEmulatorError(400, `Invalid ${param}: expected ${expected}.`, param, "parameter_invalid");
}

export function asParams(value: unknown, param: string): Params {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Params;
  throw invalid(param, "an object");
}

/** An empty string reads as unset, as Stripe treats it. */
export function optionalString(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalid(key, "a string");
  return value;
}

export function optionalInteger(params: Params, key: string): number | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(key, "an integer");
  return Number(value);
}

export function optionalBoolean(params: Params, key: string): boolean | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(key, "a boolean");
  return value === "true";
}

export function stringArray(value: unknown, param: string): string[] {
  const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : undefined;
  if (!values?.every((item) => typeof item === "string")) throw invalid(param, "an array of strings");
  return values as string[];
}

export function metadata(params: Params, key: string): Metadata {
  const value = params[key];
  if (value === undefined || value === "") return {};
  const object = asParams(value, key);
  const result: Metadata = {};
  for (const [name, entry] of Object.entries(object)) {
    if (typeof entry !== "string") throw invalid(`${key}[${name}]`, "a string");
    result[name] = entry;
  }
  return result;
}

export function expandParam(params: Params): string[] {
  return params.expand === undefined ? [] : stringArray(params.expand, "expand");
}
