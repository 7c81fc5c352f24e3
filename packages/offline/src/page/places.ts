import { createRequire } from 'node:module';

type Country = {
  name: { common: string; official: string };
  altSpellings: string[];
  demonyms?: { eng?: { f: string; m: string } };
  capital?: string[];
};
type City = { city: string; country: string; pop: number };

/** Cities this large are known by name alone: "our Auckland clinic" is in New Zealand. */
const KNOWN_CITY_POPULATION = 100_000;

let lookup: Map<string, string> | null = null;

/**
 * The countries a text names, by their common name ("Ireland"), whatever it says: the country
 * ("Republic of Ireland", "US", "NZ"), its people ("Irish", "New Zealanders") or a known city
 * ("Dublin", "Auckland"). A careful colleague reads "I'm joining the Dublin office" as Irish
 * employment; so does the thread. Names count when capitalised as names are.
 */
export function countriesIn(text: string): Set<string> {
  const names = placeNames();
  const found = new Set<string>();
  const words = text.match(/[\p{L}\p{N}.’'-]+/gu) ?? [];
  for (let start = 0; start < words.length; start += 1) {
    for (let length = 4; length >= 1; length -= 1) {
      if (start + length > words.length) continue;
      const phrase = words
        .slice(start, start + length)
        .join(' ')
        .replace(/['’]s$/, '')
        .replace(/\.$/, '');
      if (!/^\p{Lu}/u.test(phrase)) continue;
      const country = names.get(phrase) ?? names.get(phrase.replace(/s$/, ''));
      if (country !== undefined) {
        found.add(country);
        start += length - 1;
        break;
      }
    }
  }
  return found;
}

/** Every spelling of a country, its people and its known cities, mapped to its common name. */
function placeNames(): Map<string, string> {
  if (lookup !== null) return lookup;
  const require = createRequire(import.meta.url);
  const countries = require('world-countries') as Country[];
  const { cityMapping } = require('city-timezones') as { cityMapping: City[] };
  const names = new Map<string, string>();
  const byOfficial = new Map<string, string>();
  // Cities first, largest last, so that countries and their people win a shared name
  // ("Georgia", "Jersey") and a larger city wins a smaller one's name ("Dublin" is in Ireland).
  for (const city of [...cityMapping].sort((left, right) => left.pop - right.pop)) {
    if (city.pop >= KNOWN_CITY_POPULATION) names.set(city.city, city.country);
  }
  for (const country of countries) {
    const common = country.name.common;
    byOfficial.set(country.name.official, common);
    const spellings = [
      common,
      country.name.official,
      ...country.altSpellings.filter((spelling) => spelling.length >= 2),
      country.demonyms?.eng?.m,
      country.demonyms?.eng?.f,
    ];
    for (const spelling of spellings) if (spelling) names.set(spelling, common);
  }
  // city-timezones names some countries by their official name ("United States of America").
  for (const [name, country] of names) {
    const common = byOfficial.get(country);
    if (common !== undefined) names.set(name, common);
  }
  lookup = names;
  return names;
}
