#!/bin/sh
# First start of the compose file's PostgreSQL (docker-entrypoint-initdb.d): the role `kd`, database `kd` and schema
# `kd` of postgres-role.sql, with the password from KD_DB_PASSWORD.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v kd_password="$KD_DB_PASSWORD" -f /kd/postgres-role.sql
