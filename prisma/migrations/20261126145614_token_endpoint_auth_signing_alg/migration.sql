-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "tokenEndpointAuthSigningAlg" TEXT;

