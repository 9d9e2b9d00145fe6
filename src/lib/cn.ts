import { clsx, type ClassValue } from 'clsx';

/**
 * Conditional classes, joined. Nothing is merged: two utilities for one property on one element
 * (`px-2` and `px-4`) both reach the DOM and Tailwind's stylesheet order decides, so components
 * offer props (variants, sizes) for what callers may change and leave className to placement
 * (decision 235).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
