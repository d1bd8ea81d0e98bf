-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "TenantEnvironment" AS ENUM ('test', 'production');

-- CreateEnum
CREATE TYPE "ScopeStrategy" AS ENUM ('dynamic', 'static');

-- CreateEnum
CREATE TYPE "KeyPurpose" AS ENUM ('oidc', 'extension');

-- CreateEnum
CREATE TYPE "KeyState" AS ENUM ('next', 'current', 'retired');

-- CreateEnum
CREATE TYPE "LoginKind" AS ENUM ('browser', 'ciba', 'headless');

-- CreateEnum
CREATE TYPE "LoginState" AS ENUM ('started', 'eid_selection', 'eid_authenticating', 'webhook_post_auth', 'paused', 'webhook_resume', 'consent', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('owner', 'member');

-- CreateTable
CREATE TABLE "Tenant" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "environment" "TenantEnvironment" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Application" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientName" TEXT NOT NULL,
    "redirectUris" TEXT[],
    "postLogoutRedirectUris" TEXT[],
    "grantTypes" TEXT[],
    "responseTypes" TEXT[],
    "tokenEndpointAuthMethod" TEXT NOT NULL,
    "clientSecretHash" TEXT,
    "clientSecretUpdatedAt" TIMESTAMP(3),
    "jwks" JSONB,
    "jwksUri" TEXT,
    "idTokenSignedResponseAlg" TEXT NOT NULL DEFAULT 'RS256',
    "idTokenEncryptedResponseAlg" TEXT,
    "idTokenEncryptedResponseEnc" TEXT,
    "userinfoSignedResponseAlg" TEXT,
    "userinfoEncryptedResponseAlg" TEXT,
    "userinfoEncryptedResponseEnc" TEXT,
    "requestObjectSigningAlg" TEXT,
    "requirePushedAuthorizationRequests" BOOLEAN NOT NULL DEFAULT false,
    "defaultAcrValues" TEXT[],
    "enabledAcrValues" TEXT[],
    "scopeStrategy" "ScopeStrategy" NOT NULL DEFAULT 'dynamic',
    "staticScopes" JSONB,
    "requireJti" BOOLEAN NOT NULL DEFAULT false,
    "consentRequired" BOOLEAN NOT NULL DEFAULT false,
    "backchannelTokenDeliveryMode" TEXT,
    "backchannelClientNotificationEndpoint" TEXT,
    "registrationTokenHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookExtension" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "claimWhitelist" TEXT[],
    "timeoutMs" INTEGER NOT NULL DEFAULT 10000,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookExtension_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningKey" (
    "id" UUID NOT NULL,
    "kid" TEXT NOT NULL,
    "tenantId" UUID,
    "purpose" "KeyPurpose" NOT NULL,
    "alg" TEXT NOT NULL,
    "state" "KeyState" NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activatedAt" TIMESTAMP(3),
    "retiredAt" TIMESTAMP(3),
    "unpublishAt" TIMESTAMP(3),

    CONSTRAINT "SigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginTransaction" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "kind" "LoginKind" NOT NULL,
    "state" "LoginState" NOT NULL,
    "request" JSONB NOT NULL,
    "parRequestId" UUID,
    "browserHash" TEXT,
    "acr" TEXT,
    "identity" JSONB,
    "subject" TEXT,
    "authTime" TIMESTAMP(3),
    "sessionId" UUID,
    "claims" JSONB,
    "conversationId" TEXT,
    "resumeTokenHash" TEXT,
    "resumeExpiresAt" TIMESTAMP(3),
    "decoupledIdHash" TEXT,
    "pollIntervalS" INTEGER,
    "lastPolledAt" TIMESTAMP(3),
    "error" TEXT,
    "errorDescription" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuthorizationCode" (
    "id" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "applicationId" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "codeChallenge" TEXT,
    "nonce" TEXT,
    "scope" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "claims" JSONB NOT NULL,
    "sessionId" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthorizationCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccessToken" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "applicationId" UUID NOT NULL,
    "codeId" UUID,
    "subject" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "claims" JSONB NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccessToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ParRequest" (
    "id" UUID NOT NULL,
    "requestIdHash" TEXT NOT NULL,
    "applicationId" UUID NOT NULL,
    "params" JSONB NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ParRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BrowserSession" (
    "id" UUID NOT NULL,
    "sessionHash" TEXT NOT NULL,
    "tenantId" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "acr" TEXT NOT NULL,
    "identity" JSONB NOT NULL,
    "authTime" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BrowserSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Consent" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Consent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeenJti" (
    "issuer" TEXT NOT NULL,
    "jti" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SeenJti_pkey" PRIMARY KEY ("issuer","jti")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "extensionId" UUID NOT NULL,
    "conversationId" TEXT,
    "event" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "errorKind" TEXT,
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminUser" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "name" TEXT,
    "failedSignIns" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "lastSignInAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AdminUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TenantMembership" (
    "adminUserId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "role" "MemberRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantMembership_pkey" PRIMARY KEY ("adminUserId","tenantId")
);

-- CreateTable
CREATE TABLE "AdminToken" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tenantId" UUID,
    "createdBy" TEXT,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" UUID NOT NULL,
    "tenantId" UUID,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_name_key" ON "Tenant"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Application_clientId_key" ON "Application"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "Application_registrationTokenHash_key" ON "Application"("registrationTokenHash");

-- CreateIndex
CREATE INDEX "Application_tenantId_idx" ON "Application"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookExtension_applicationId_key" ON "WebhookExtension"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "SigningKey_kid_key" ON "SigningKey"("kid");

-- CreateIndex
CREATE INDEX "SigningKey_purpose_state_idx" ON "SigningKey"("purpose", "state");

-- CreateIndex
CREATE INDEX "SigningKey_tenantId_idx" ON "SigningKey"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "LoginTransaction_conversationId_key" ON "LoginTransaction"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "LoginTransaction_resumeTokenHash_key" ON "LoginTransaction"("resumeTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "LoginTransaction_decoupledIdHash_key" ON "LoginTransaction"("decoupledIdHash");

-- CreateIndex
CREATE INDEX "LoginTransaction_expiresAt_idx" ON "LoginTransaction"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "AuthorizationCode_codeHash_key" ON "AuthorizationCode"("codeHash");

-- CreateIndex
CREATE INDEX "AuthorizationCode_expiresAt_idx" ON "AuthorizationCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "AccessToken_tokenHash_key" ON "AccessToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AccessToken_codeId_idx" ON "AccessToken"("codeId");

-- CreateIndex
CREATE INDEX "AccessToken_expiresAt_idx" ON "AccessToken"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ParRequest_requestIdHash_key" ON "ParRequest"("requestIdHash");

-- CreateIndex
CREATE INDEX "ParRequest_expiresAt_idx" ON "ParRequest"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "BrowserSession_sessionHash_key" ON "BrowserSession"("sessionHash");

-- CreateIndex
CREATE INDEX "BrowserSession_expiresAt_idx" ON "BrowserSession"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Consent_applicationId_subject_key" ON "Consent"("applicationId", "subject");

-- CreateIndex
CREATE INDEX "SeenJti_expiresAt_idx" ON "SeenJti"("expiresAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_applicationId_createdAt_idx" ON "WebhookDelivery"("applicationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AdminUser_email_key" ON "AdminUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "AdminToken_tokenHash_key" ON "AdminToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AuditEvent_tenantId_createdAt_idx" ON "AuditEvent"("tenantId", "createdAt");

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookExtension" ADD CONSTRAINT "WebhookExtension_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningKey" ADD CONSTRAINT "SigningKey_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoginTransaction" ADD CONSTRAINT "LoginTransaction_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthorizationCode" ADD CONSTRAINT "AuthorizationCode_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccessToken" ADD CONSTRAINT "AccessToken_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ParRequest" ADD CONSTRAINT "ParRequest_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BrowserSession" ADD CONSTRAINT "BrowserSession_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Consent" ADD CONSTRAINT "Consent_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TenantMembership" ADD CONSTRAINT "TenantMembership_adminUserId_fkey" FOREIGN KEY ("adminUserId") REFERENCES "AdminUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TenantMembership" ADD CONSTRAINT "TenantMembership_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdminToken" ADD CONSTRAINT "AdminToken_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

