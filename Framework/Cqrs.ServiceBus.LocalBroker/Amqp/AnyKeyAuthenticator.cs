using System.Security.Principal;
using Microsoft.Azure.Amqp.Sasl;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// SASL PLAIN as Service Bus takes it from generic AMQP clients: the user name is a shared access key name and the
/// password its key. Every key is accepted, as every CBS token is: the broker listens on loopback and does not authenticate.
/// </summary>
internal sealed class AnyKeyAuthenticator : ISaslPlainAuthenticator
{
    public Task<IPrincipal> AuthenticateAsync(string identity, string password) =>
        Task.FromResult<IPrincipal>(new GenericPrincipal(new GenericIdentity(identity, "PLAIN"), []));
}
