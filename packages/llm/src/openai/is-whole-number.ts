/** Whether `value` is an integer from `minimum` to `maximum`, for checking numeric options. */
export function isWholeNumber(
  value: number,
  minimum: number,
  maximum = Number.MAX_SAFE_INTEGER,
): boolean {
  return Number.isInteger(value) && value >= minimum && value <= maximum;
}
