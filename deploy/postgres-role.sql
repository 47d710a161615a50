-- KD Platform on PostgreSQL: a role that owns only its own schema (issue 20 item 1).
--
-- Run once, as a superuser, from psql (PostgreSQL 15 or later):
--   psql -h HOST -U postgres -v ON_ERROR_STOP=1 -v kd_password='a long random secret' -f deploy/postgres-role.sql
-- then start the server with DATABASE_URL=postgres://kd:<secret>@HOST:5432/kd
--
-- What it sets up:
-- - role `kd`: LOGIN, and nothing else: NOSUPERUSER, NOCREATEDB, NOCREATEROLE, NOREPLICATION, NOBYPASSRLS;
-- - database `kd`, owned by the superuser that runs this script (not by `kd`, so `kd` cannot create schemas in it);
--   `kd` may connect and use temporary tables only;
-- - schema `kd`, owned by `kd`: the server's migrations create every platform table there, and the model engine
--   creates every model table there (it names this schema in each statement; see README "PostgreSQL in production");
--   `kd`'s search_path is that schema alone, and nobody else may create objects in `public`;
-- - role `kd_datasource` (NOLOGIN), which `kd` may SET ROLE to: data interfaces run their SQL as it, with SELECT on
--   the tables the server grants (modules/data-interface/sql-runner.ts would otherwise need CREATEROLE to make it).
--
-- The server warns at start when it connects as a superuser ("[db] the server connects to PostgreSQL as a superuser").

create role kd login password :'kd_password' nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
create database kd;
revoke all on database kd from public;
grant connect, temporary on database kd to kd;

do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'kd_datasource') then
    create role kd_datasource nologin nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
  end if;
end $$;
grant kd_datasource to kd;

\connect kd
revoke all on schema public from public;
create schema kd authorization kd;
alter role kd in database kd set search_path = kd;
