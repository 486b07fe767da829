using Azure.Core;
using Azure.Identity;
using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;

namespace Cqrs.ServiceBus;

/// <summary>
/// The clients the transport reaches the namespace through: the app's own, registered in the container (which owns and
/// disposes them), or made here from <see cref="ServiceBusOptions"/> and disposed with the transport.
/// </summary>
internal sealed class ServiceBusClients : IAsyncDisposable
{
    private readonly ServiceBusOptions _options;
    private readonly ServiceBusAdministrationClient? _registeredAdministration;
    private readonly bool _ownsClient;

    public ServiceBusClients(ServiceBusOptions options, ServiceBusClient? registered, ServiceBusAdministrationClient? registeredAdministration)
    {
        _options = options;
        _registeredAdministration = registeredAdministration;
        _ownsClient = registered is null;
        Client = registered ?? (options.ConnectionString is { } connectionString
            ? new ServiceBusClient(connectionString, options.ClientOptions)
            : new ServiceBusClient(options.FullyQualifiedNamespace, CredentialOf(options), options.ClientOptions));
    }

    public ServiceBusClient Client { get; }

    /// <summary>
    /// The client topology provisioning uses: the registered one; else one on the administration or the connection
    /// string; else one on the client's namespace as <see cref="ServiceBusOptions.Credential"/>.
    /// </summary>
    public ServiceBusAdministrationClient Administration() =>
        _registeredAdministration
        ?? ((_options.AdministrationConnectionString ?? _options.ConnectionString) is { } connectionString
            ? new ServiceBusAdministrationClient(connectionString)
            : new ServiceBusAdministrationClient(Client.FullyQualifiedNamespace, CredentialOf(_options)));

    public ValueTask DisposeAsync() => _ownsClient ? Client.DisposeAsync() : ValueTask.CompletedTask;

    /// <summary>The credential set in code, else a <see cref="DefaultAzureCredential"/>, which keeps reading <c>AZURE_CLIENT_ID</c> unless a client id is given.</summary>
    private static TokenCredential CredentialOf(ServiceBusOptions options)
    {
        if (options.Credential is { } credential)
        {
            return credential;
        }

        var defaults = new DefaultAzureCredentialOptions();
        if (options.ManagedIdentityClientId is { Length: > 0 } clientId)
        {
            defaults.ManagedIdentityClientId = clientId;
        }

        return new DefaultAzureCredential(defaults);
    }
}
