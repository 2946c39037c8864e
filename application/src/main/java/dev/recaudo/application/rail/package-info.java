/**
 * Live collection rails, as ports: a card processor ({@link dev.recaudo.application.rail.CardRail}, implemented
 * by {@code adapter-stripe}) under one company's sealed credentials. No processor type crosses these ports.
 */
package dev.recaudo.application.rail;
