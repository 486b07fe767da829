// The sample Functions app on a B1 plan with Always On, its Service Bus entities, telemetry and storage.
// No registry modules: it compiles with no network.

@description('Region of every resource.')
param location string = resourceGroup().location

@description('Prefix of resource names: 3 to 11 lower-case letters or digits.')
@minLength(3)
@maxLength(11)
param namePrefix string = 'cqrs${take(uniqueString(resourceGroup().id), 6)}'

@description('The queue commands go to.')
param commandQueue string = 'cqrs-commands'

@description('The topic events go to.')
param eventTopic string = 'cqrs-events'

@description('This app\'s subscription to the topic.')
param subscription string = 'sample-functions'

@description('Wire names of the events this app handles: the subscription receives these alone.')
param handledEvents array = [
  'drones.v1.delivery-packaged'
  'drones.v1.delivery-requested'
  'drones.v1.delivery-scheduled'
  'drones.v1.drone-assigned'
  'sample.v1.account-opened'
  'sample.v1.money-deposited'
  'sample.v1.money-withdrawn'
]

@description('Lock duration of the queue and subscription; the app\'s prefetch guard is told the same.')
param lockDuration string = 'PT1M'

@description('Whether the command queue and the event topic accept and drop a message whose MessageId they accepted within duplicateDetectionWindow. Service Bus sets it when it creates an entity and cannot change it afterwards.')
param requiresDuplicateDetection bool = true

@description('How long the queue and topic remember the MessageIds they accepted: an ISO 8601 duration from PT20S to P7D.')
param duplicateDetectionWindow string = 'PT10M'

@description('Whether the queue and subscription are session entities, so that messages with one ordering key are handled one at a time in the order sent (the app\'s aggregates order their events by stream); the app is told the same. Service Bus sets it when it creates an entity and cannot change it afterwards.')
param requiresSession bool = true

var names = {
  workspace: '${namePrefix}-logs'
  insights: '${namePrefix}-insights'
  storage: '${namePrefix}store'
  identity: '${namePrefix}-identity'
  serviceBus: '${namePrefix}-bus'
  plan: '${namePrefix}-plan'
  app: '${namePrefix}-app'
}

// Built-in role definitions: Azure Service Bus Data Sender and Data Receiver.
var serviceBusDataSender = '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39'
var serviceBusDataReceiver = '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0'

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: names.workspace
  location: location
  properties: {
    sku: { name: 'PerGB2018' }
    retentionInDays: 30
  }
}

resource insights 'Microsoft.Insights/components@2020-02-02' = {
  name: names.insights
  location: location
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.id
  }
}

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: names.storage
  location: location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
  properties: {
    minimumTlsVersion: 'TLS1_2'
    allowBlobPublicAccess: false
    supportsHttpsTrafficOnly: true
  }
}

resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: names.identity
  location: location
}

resource serviceBus 'Microsoft.ServiceBus/namespaces@2022-10-01-preview' = {
  name: names.serviceBus
  location: location
  sku: { name: 'Standard', tier: 'Standard' }
  properties: {
    minimumTlsVersion: '1.2'
  }
}

resource queue 'Microsoft.ServiceBus/namespaces/queues@2022-10-01-preview' = {
  parent: serviceBus
  name: commandQueue
  properties: {
    lockDuration: lockDuration
    maxDeliveryCount: 10
    deadLetteringOnMessageExpiration: true
    requiresDuplicateDetection: requiresDuplicateDetection
    duplicateDetectionHistoryTimeWindow: duplicateDetectionWindow
    requiresSession: requiresSession
  }
}

resource topic 'Microsoft.ServiceBus/namespaces/topics@2022-10-01-preview' = {
  parent: serviceBus
  name: eventTopic
  properties: {
    requiresDuplicateDetection: requiresDuplicateDetection
    duplicateDetectionHistoryTimeWindow: duplicateDetectionWindow
  }
}

resource topicSubscription 'Microsoft.ServiceBus/namespaces/topics/subscriptions@2022-10-01-preview' = {
  parent: topic
  name: subscription
  properties: {
    lockDuration: lockDuration
    maxDeliveryCount: 10
    deadLetteringOnMessageExpiration: true
    requiresSession: requiresSession
  }
}

// Replaces the subscription's catch-all rule: only the events handled here, by their wire name (the Subject).
resource handledEventsRule 'Microsoft.ServiceBus/namespaces/topics/subscriptions/rules@2022-10-01-preview' = {
  parent: topicSubscription
  name: '$Default'
  properties: {
    filterType: 'SqlFilter'
    sqlFilter: {
      sqlExpression: 'sys.Label IN (${join(map(handledEvents, wireName => '\'${wireName}\''), ', ')})'
    }
  }
}

resource senderRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: serviceBus
  name: guid(serviceBus.id, identity.id, serviceBusDataSender)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', serviceBusDataSender)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource receiverRole 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: serviceBus
  name: guid(serviceBus.id, identity.id, serviceBusDataReceiver)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', serviceBusDataReceiver)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

resource plan 'Microsoft.Web/serverfarms@2024-04-01' = {
  name: names.plan
  location: location
  kind: 'linux'
  sku: { name: 'B1', tier: 'Basic' }
  properties: {
    reserved: true
  }
}

var storageConnection = 'DefaultEndpointsProtocol=https;AccountName=${storage.name};EndpointSuffix=${environment().suffixes.storage};AccountKey=${storage.listKeys().keys[0].value}'

resource app 'Microsoft.Web/sites@2024-04-01' = {
  name: names.app
  location: location
  kind: 'functionapp,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: { '${identity.id}': {} }
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    siteConfig: {
      linuxFxVersion: 'DOTNET-ISOLATED|10.0'
      alwaysOn: true
      ftpsState: 'Disabled'
      minTlsVersion: '1.2'
      appSettings: [
        { name: 'AzureWebJobsStorage', value: storageConnection }
        { name: 'FUNCTIONS_EXTENSION_VERSION', value: '~4' }
        { name: 'FUNCTIONS_WORKER_RUNTIME', value: 'dotnet-isolated' }
        { name: 'APPLICATIONINSIGHTS_CONNECTION_STRING', value: insights.properties.ConnectionString }
        { name: 'AZURE_CLIENT_ID', value: identity.properties.clientId }
        { name: 'Cqrs__Transport', value: 'ServiceBus' }
        { name: 'Cqrs__ServiceBus__FullyQualifiedNamespace', value: '${serviceBus.name}.servicebus.windows.net' }
        { name: 'Cqrs__ServiceBus__ManagedIdentityClientId', value: identity.properties.clientId }
        { name: 'Cqrs__ServiceBus__CommandQueue', value: queue.name }
        { name: 'Cqrs__ServiceBus__EventTopic', value: topic.name }
        { name: 'Cqrs__ServiceBus__Subscription', value: topicSubscription.name }
        { name: 'Cqrs__ServiceBus__LockDuration', value: '00:01:00' }
        { name: 'Cqrs__ServiceBus__MaxConcurrentCalls', value: '16' }
        { name: 'Cqrs__ServiceBus__RequiresSession', value: string(requiresSession) }
        { name: 'Cqrs__ServiceBus__MaxConcurrentSessions', value: '16' }
        { name: 'Cqrs__ServiceBus__PrefetchCount', value: '32' }
        { name: 'Cqrs__ServiceBus__MaxAutoLockRenewalDuration', value: '00:05:00' }
        { name: 'Benchmark__Plan', value: 'B1Linux' }
        { name: 'Telemetry__TraceSampling', value: '0.01' }
        // On one processor the runtime waits ten times longer before tiering code up, and every newly called method
        // restarts that wait: under load, the worker would run partly unoptimized code for its first half-minute.
        { name: 'DOTNET_TC_DelaySingleProcMultiplier', value: '1' }
      ]
    }
  }
  dependsOn: [
    senderRole
    receiverRole
    handledEventsRule
  ]
}

@description('The Function App\'s name, for az functionapp commands.')
output functionAppName string = app.name

@description('Where the functions are called: https://<host>/api/...')
output functionAppHost string = app.properties.defaultHostName
