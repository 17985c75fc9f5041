/** Cards on file and autopay: Pay Online's Cards & autopay tab. */
export { CardsAndAutopay } from './components/cards-and-autopay';
