/** All metadata schemas (TypeBox: JSON Schema values plus derived types). */
export * from './columns';
export * from './field';
export * from './form';
export * from './model';
export * from './data-source';
export * from './page';
