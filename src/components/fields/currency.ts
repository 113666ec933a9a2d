/**
 * The platform's currency (ISO 4217, from the CardCountry setting via the user info), provided once
 * by the shell so every amount can name it without each cell asking the session.
 */
import { createContext, useContext } from 'react';

export const CurrencyContext = createContext('');

export const useCurrency = (): string => useContext(CurrencyContext);
