using System.Security.Cryptography;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions.LocalHost.Http;

/// <summary>
/// The key callers must give to a function whose level is not anonymous, as the Functions host asks in Azure: in the
/// <c>code</c> query parameter or the <c>x-functions-key</c> header. <c>func start</c> checks none; this host checks
/// one when it is given one, so that a caller without it can be seen getting 401 before deploying.
/// </summary>
internal sealed class FunctionKey(string key)
{
    private readonly byte[] _key = Encoding.UTF8.GetBytes(key);

    public bool IsGivenBy(HttpRequest request) =>
        Matches(request.Headers["x-functions-key"].ToString()) || Matches(request.Query["code"].ToString());

    private bool Matches(string given) =>
        given.Length > 0 && CryptographicOperations.FixedTimeEquals(Encoding.UTF8.GetBytes(given), _key);
}
