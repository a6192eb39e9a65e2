/* eslint-disable no-restricted-syntax -- the statements here are better-sqlite3's own, which the cache hands out: not drizzle's runners */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheStatements, planWithoutValues } from './statement-cache.js';

let sqlite: Database.Database;
beforeEach(() => {
  sqlite = cacheStatements(new Database(':memory:'), 3);
  sqlite.exec('create table t (id integer primary key, name text); insert into t (name) values (\'a\'), (\'b\'), (\'c\')');
});
afterEach(() => sqlite.close());

describe('cacheStatements', () => {
  it('answers the statement compiled before for the same SQL', () => {
    expect(sqlite.prepare('select name from t')).toBe(sqlite.prepare('select name from t'));
    expect(sqlite.prepare('select name from t')).not.toBe(sqlite.prepare('select id from t'));
  });

  it('hands a cached statement out with rows as objects again, whatever mode its last user left it in', () => {
    sqlite.prepare('select name from t order by id').raw(true).all();
    expect(sqlite.prepare('select name from t order by id').all()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    sqlite.prepare('select name from t order by id').pluck(true).all();
    expect(sqlite.prepare('select name from t order by id').get()).toEqual({ name: 'a' });
  });

  it('never shares a statement that is still being iterated', () => {
    const running = sqlite.prepare('select name from t order by id');
    const rows = running.iterate();
    rows.next();
    const other = sqlite.prepare('select name from t order by id');
    expect(other).not.toBe(running);
    expect(other.all()).toHaveLength(3);
    rows.return?.();
  });

  it('keeps the most recently used statements, up to its size', () => {
    const one = sqlite.prepare('select 1');
    const two = sqlite.prepare('select 2');
    const three = sqlite.prepare('select 3');
    expect(sqlite.prepare('select 1')).toBe(one);
    sqlite.prepare('select 4'); // evicts 'select 2', the least recently used
    expect(sqlite.prepare('select 1')).toBe(one);
    expect(sqlite.prepare('select 3')).toBe(three);
    expect(sqlite.prepare('select 2')).not.toBe(two);
  });

  it('runs writes through cached statements too', () => {
    const insert = () => sqlite.prepare('insert into t (name) values (?)');
    insert().run('d');
    insert().run('e');
    expect(insert()).toBe(insert());
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 5 });
  });
});

describe('planWithoutValues', () => {
  it('writes each parameter +?, so that the planner never reads the value bound', () => {
    expect(planWithoutValues('select id from t where name = ? and id in (?, ?) limit ? offset ?')).toBe('select id from t where name = +? and id in (+?, +?) limit +? offset +?');
    expect(planWithoutValues('select ?')).toBe('select +?');
  });

  it('leaves question marks in text, names and comments as they are', () => {
    const quoted = `select 'why?', 'it''s ?', "odd?name", \`b?\`, [c?] -- end?\n from t /* why? */ where x = ?`;
    expect(planWithoutValues(quoted)).toBe(`select 'why?', 'it''s ?', "odd?name", \`b?\`, [c?] -- end?\n from t /* why? */ where x = +?`);
    expect(planWithoutValues("select 'unclosed ?")).toBe("select 'unclosed ?");
  });

  it("is how the cache compiles statements, and they answer as the statement as written would", () => {
    const statement = sqlite.prepare('select name from t where id >= ? and name like ? order by id limit ?');
    expect(statement.source).toBe('select name from t where id >= +? and name like +? order by id limit +?');
    expect(statement.pluck().all(2, '%', 1)).toEqual(['b']);
    expect(sqlite.prepare('select name from t where id in (select value from json_each(?)) and name != ? order by id').pluck().all('[1,3]', 'c')).toEqual(['a']);
    expect(sqlite.prepare("select count(*) from t where name = ? or ? = 'x?'").pluck().get('z', 'x?')).toBe(3);
  });
});
